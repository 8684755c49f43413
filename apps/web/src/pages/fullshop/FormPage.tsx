// /activity/fullshop/form "门店申报": the declaration for the shop type of `?type=` (or filled from
// a rejected declaration with `?from=`): shop and contact, the business licence number checked by
// its checksum as it is typed, the area from the area picker, the street address, shop photos and
// a remark. 保存草稿 keeps it on the server (another phone continues it); 提交申报 checks every
// field at once (the same rules the server applies), confirms, and opens the result.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  displayMobile,
  isUnifiedSocialCreditCode,
  normaliseLicence,
  normaliseMobile,
  outletProblems,
  type OutletField,
} from '@morsel/api/forms';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess, type ApiEnvelope } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog, Input } from '../../ui/index.ts';
import { codeOf, CODES } from '../campaign-kit/api.ts';
import { AreaPicker } from '../campaign-kit/AreaPicker.tsx';
import { areaText } from '../campaign-kit/addressForm.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import {
  CampaignNotice,
  Hero,
  Loading,
  LoginPrompt,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import type { Application, FullshopPage } from './api.ts';
import {
  EMPTY_FORM,
  formOfApplication,
  formOfDraft,
  inputOf,
  type OutletForm,
} from './formState.ts';
import { PhotoField } from './PhotoField.tsx';
import { FormField as Field } from '../forms-kit/FormField.tsx';
import styles from '../forms-kit/forms.module.css';

type Problems = Partial<Record<OutletField, string>>;

interface Loaded {
  page: FullshopPage;
  /** The declaration to correct (`?from=`), or null. */
  from: Application | null;
}

/** The page's data and, with `from`, the declaration to correct. */
async function loadForm(from: string | null): Promise<ApiEnvelope<Loaded>> {
  const page = await api.call('fullshop.page');
  if (!isSuccess(page)) return { ...page, data: null as never };
  if (!from) return { ...page, data: { page: page.data, from: null } };
  const earlier = await api.call('fullshop.detail', { id: from });
  if (!isSuccess(earlier)) return { ...earlier, data: null as never };
  return { ...page, data: { page: page.data, from: earlier.data } };
}

export default function FormPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type = params.get('type');
  const from = params.get('from');
  const loggedIn = isLoggedIn();
  const { remote, retry } = useRemote(() => loadForm(loggedIn ? from : null), [from, loggedIn]);
  const [form, setForm] = useState<OutletForm | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);

  useEffect(() => {
    if (remote.status !== 'ready' || form) return;
    const { page, from: earlier } = remote.data;
    const start = earlier
      ? formOfApplication(earlier)
      : page.draft
        ? formOfDraft(page.draft)
        : EMPTY_FORM;
    setForm({ ...start, shopType: type ?? start.shopType });
  }, [remote, form, type]);

  const saveDraft = useDoubleClickGuard(async () => {
    if (!form) return;
    setBusy('draft');
    const reply = await runAction(
      () => api.call('fullshop.saveDraft', inputOf(form), { json: true }),
      toast,
    );
    setBusy(null);
    if (reply) toast(isSuccess(reply) ? '草稿已保存' : reply.message);
  });

  const submit = async () => {
    if (!form) return;
    setBusy('submit');
    const reply = await runAction(
      () => api.call('fullshop.submit', inputOf(form), { json: true }),
      toast,
    );
    setBusy(null);
    if (!reply) return;
    if (isSuccess(reply)) {
      navigate(paths.fullshopResult(reply.data.id), { replace: true });
      return;
    }
    if (codeOf(reply) === CODES.formInvalid.code) {
      const fields = (reply.data as { fields?: Problems } | null)?.fields ?? {};
      setServerProblems(fields);
    }
    toast(reply.message);
  };

  const confirmSubmit = useDoubleClickGuard(() => {
    if (!form) return;
    setTouched(true);
    if (Object.keys(problemsOf(form, remote)).length > 0) {
      toast('请按提示完善申报信息');
      return;
    }
    void Dialog.confirm({
      title: '确认提交申报？',
      content: '提交后将进入审核，审核期间不能修改',
      confirmText: '确认提交',
      cancelText: '再检查一下',
      onConfirm: submit,
    });
  });

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回门店申报', to: paths.fullshopTypes() }}
      />
    );
  const { page } = remote.data;
  const heading = (
    <Hero title={page.campaign.title} subtitle="请如实填写门店信息，与营业执照保持一致">
      <CampaignNotice campaign={page.campaign} />
    </Hero>
  );
  if (!loggedIn)
    return (
      <main className={styles.page}>
        {heading}
        <div className={styles.overlap}>
          <LoginPrompt
            title="登录后填写门店申报"
            description="申报进度和审核结果会保存在您的账号下"
          />
        </div>
      </main>
    );
  if (!form) return <Loading />;

  const problems = { ...(touched ? problemsOf(form, remote) : {}), ...serverProblems };
  // The licence number is checked as soon as all 18 characters are there.
  const licence = normaliseLicence(form.licenceNo);
  if (!problems.licenceNo && licence.length === 18 && !isUnifiedSocialCreditCode(licence))
    problems.licenceNo = '统一社会信用代码有误，请核对营业执照';
  const set = <K extends keyof OutletForm>(field: K, value: OutletForm[K]) => {
    setForm((f) => (f ? { ...f, [field]: value } : f));
    setServerProblems(({ [field as OutletField]: _dropped, ...rest }) => rest);
  };
  const invalid = (field: OutletField) =>
    problems[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `fullshop-${field}-error` }
      : {};
  const shopType = page.shopTypes.find((t) => t.key === form.shopType);
  const running = page.campaign.state === 'running';

  return (
    <main className={styles.page}>
      {heading}
      <form
        className={`${styles.card} ${styles.overlap}`}
        aria-label="门店申报表"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirmSubmit();
        }}
      >
        <Field label="门店类型" field="shopType" error={problems.shopType}>
          <span className={styles.value}>{shopType?.name ?? '未选择'}</span>
          <Link className={styles.inlineLink} to={paths.fullshopTypes()}>
            {shopType ? '更换' : '去选择'}
          </Link>
        </Field>
        <Field label="门店名称" field="shopName" error={problems.shopName}>
          <Input
            aria-label="门店名称"
            placeholder="与门头招牌一致"
            value={form.shopName}
            maxLength={30}
            onChange={(v) => set('shopName', v)}
            {...invalid('shopName')}
          />
        </Field>
        <Field label="联系人" field="contactName" error={problems.contactName}>
          <Input
            aria-label="联系人"
            placeholder="门店负责人姓名"
            value={form.contactName}
            maxLength={20}
            onChange={(v) => set('contactName', v)}
            {...invalid('contactName')}
          />
        </Field>
        <Field label="联系电话" field="mobile" error={problems.mobile}>
          <Input
            aria-label="联系电话"
            type="tel"
            inputMode="numeric"
            placeholder="11位手机号"
            value={displayMobile(form.mobile)}
            maxLength={12}
            onChange={(v) => set('mobile', normaliseMobile(v).slice(0, 11))}
            {...invalid('mobile')}
          />
        </Field>
        <Field label="信用代码" field="licenceNo" error={problems.licenceNo}>
          <Input
            aria-label="信用代码"
            placeholder="营业执照18位信用代码"
            value={form.licenceNo}
            maxLength={24}
            onChange={(v) => set('licenceNo', v.toUpperCase())}
            {...invalid('licenceNo')}
          />
        </Field>
        <Field label="所在地区" field="regionCode" error={problems.regionCode}>
          <button
            type="button"
            aria-labelledby="fullshop-regionCode-label fullshop-area-value"
            id="fullshop-area-value"
            className={form.area ? styles.areaValue : styles.areaPlaceholder}
            onClick={() => setPicking(true)}
            {...invalid('regionCode')}
          >
            {form.area ? areaText(form.area) : '请选择省 / 市 / 区县'}
          </button>
        </Field>
        <Field label="详细地址" field="detail" error={problems.detail} tall>
          <textarea
            className={styles.textarea}
            aria-label="详细地址"
            placeholder="街道、门牌号"
            rows={2}
            maxLength={120}
            value={form.detail}
            onChange={(event) => set('detail', event.target.value)}
            {...invalid('detail')}
          />
        </Field>
        <div className={styles.fieldBlock}>
          <p className={styles.photoTitle}>
            门店照片
            <span>
              门头照、店内照，{page.photos.min}-{page.photos.max}张
            </span>
          </p>
          <PhotoField
            photos={form.photos}
            max={page.photos.max}
            invalid={Boolean(problems.photos)}
            onChange={(update) => {
              setForm((f) => (f ? { ...f, photos: update(f.photos) } : f));
              setServerProblems(({ photos: _dropped, ...rest }) => rest);
            }}
          />
          {problems.photos && (
            <p id="fullshop-photos-error" className={styles.error} role="alert">
              {problems.photos}
            </p>
          )}
        </div>
        <Field label="备注" field="remark" error={problems.remark} tall>
          <textarea
            className={styles.textarea}
            aria-label="备注"
            placeholder="选填，如营业时间、经营品类"
            rows={2}
            maxLength={200}
            value={form.remark}
            onChange={(event) => set('remark', event.target.value)}
          />
        </Field>
        <div className={styles.buttons}>
          <Button
            shape="rounded"
            disabled={!running}
            loading={busy === 'draft'}
            onClick={saveDraft}
          >
            保存草稿
          </Button>
          <Button
            type="submit"
            color="primary"
            shape="rounded"
            disabled={!running}
            loading={busy === 'submit'}
          >
            提交申报
          </Button>
        </div>
        <p className={styles.tip}>
          提交后{page.reviewDays}个工作日内完成审核，
          <Link to={paths.fullshopList()}>查看申报记录</Link>
        </p>
      </form>
      <Sheet visible={picking} onClose={() => setPicking(false)} label="选择所在地区">
        <div className={styles.sheet}>
          <h2 className={styles.sheetTitle}>选择门店所在地区</h2>
          <AreaPicker
            onDone={(choice) => {
              set('area', choice);
              setServerProblems(({ regionCode: _dropped, ...rest }) => rest);
              setPicking(false);
            }}
          />
        </div>
      </Sheet>
    </main>
  );
}

function problemsOf(
  form: OutletForm,
  remote: { status: string; data?: { page: FullshopPage } },
): Problems {
  const page = remote.data?.page;
  if (!page) return {};
  return outletProblems(inputOf(form), {
    shopTypes: page.shopTypes.map((t) => t.key),
    photos: page.photos,
  });
}
