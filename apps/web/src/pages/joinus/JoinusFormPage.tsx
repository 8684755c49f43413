// /activity/joinus/form?track= "填写申请": name, mobile (shown with a space after its first three
// digits), company where the track needs one, the track's one choice (budget, category), the
// area from the area picker and a message; every problem under its field (the rules the server
// applies), a confirmation of the whole application, then the success page.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  displayMobile,
  joinusProblems,
  normaliseMobile,
  type JoinusField,
  type JoinusInput,
} from '@morsel/api/forms';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog, Input } from '../../ui/index.ts';
import { codeOf, CODES } from '../campaign-kit/api.ts';
import { AreaPicker, type AreaChoice } from '../campaign-kit/AreaPicker.tsx';
import { areaText } from '../campaign-kit/addressForm.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import {
  CampaignNotice,
  Failed,
  Hero,
  Loading,
  LoginPrompt,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { ChoiceChips, FormField, invalidProps } from '../forms-kit/FormField.tsx';
import styles from '../forms-kit/forms.module.css';
import { isTrack, type Track } from './api.ts';

type Problems = Partial<Record<JoinusField, string>>;

interface Form {
  name: string;
  mobile: string;
  company: string;
  choice: string;
  area: AreaChoice | null;
  message: string;
}

const EMPTY: Form = { name: '', mobile: '', company: '', choice: '', area: null, message: '' };
const P = 'joinus';

function inputOf(form: Form): JoinusInput {
  return {
    name: form.name.trim(),
    mobile: form.mobile,
    company: form.company.trim(),
    choice: form.choice,
    ...(form.area && { regionCode: form.area.county.code }),
    message: form.message.trim(),
  };
}

function ApplicationForm({ track, running }: { track: Track; running: boolean }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [picking, setPicking] = useState(false);
  const [sending, setSending] = useState(false);
  const problems: Problems = {
    ...(touched ? joinusProblems(inputOf(form), track) : {}),
    ...serverProblems,
  };
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setServerProblems({});
  };

  const send = async () => {
    setSending(true);
    const reply = await runAction(
      () => api.call('joinus.submit', { track: track.key, ...inputOf(form) }, { json: true }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      navigate(paths.joinusSuccess(track.key), { replace: true });
      return;
    }
    if (codeOf(reply) === CODES.formInvalid.code)
      setServerProblems((reply.data as { fields?: Problems } | null)?.fields ?? {});
    toast(reply.message);
  };

  const confirm = useDoubleClickGuard(() => {
    setTouched(true);
    if (Object.keys(joinusProblems(inputOf(form), track)).length > 0) {
      toast('请按提示完善申请信息');
      return;
    }
    void Dialog.confirm({
      title: `确认提交${track.name}申请？`,
      content: `${form.name.trim()} ${displayMobile(form.mobile)}，${track.choiceLabel}：${form.choice}，${areaText(form.area!)}`,
      confirmText: '确认提交',
      cancelText: '返回修改',
      onConfirm: send,
    });
  });

  return (
    <form
      className={`${styles.card} ${styles.overlap}`}
      aria-label={`${track.name}申请表`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <FormField prefix={P} label="姓名" field="name" error={problems.name}>
        <Input
          aria-label="姓名"
          placeholder="您的姓名"
          value={form.name}
          maxLength={20}
          onChange={(v) => set('name', v)}
          {...invalidProps(P, 'name', problems.name)}
        />
      </FormField>
      <FormField prefix={P} label="手机号" field="mobile" error={problems.mobile}>
        <Input
          aria-label="手机号"
          type="tel"
          inputMode="numeric"
          placeholder="11位手机号"
          value={displayMobile(form.mobile)}
          maxLength={12}
          onChange={(v) => set('mobile', normaliseMobile(v).slice(0, 11))}
          {...invalidProps(P, 'mobile', problems.mobile)}
        />
      </FormField>
      <FormField prefix={P} label="公司名称" field="company" error={problems.company}>
        <Input
          aria-label="公司名称"
          placeholder={track.companyRequired ? '营业执照上的公司名称' : '选填'}
          value={form.company}
          maxLength={50}
          onChange={(v) => set('company', v)}
          {...invalidProps(P, 'company', problems.company)}
        />
      </FormField>
      <FormField prefix={P} label={track.choiceLabel} field="choice" error={problems.choice} tall>
        <ChoiceChips
          label={track.choiceLabel}
          options={track.choices}
          value={form.choice}
          onChange={(v) => set('choice', v)}
        />
      </FormField>
      <FormField prefix={P} label="意向地区" field="regionCode" error={problems.regionCode}>
        <button
          type="button"
          aria-label={`意向地区 ${form.area ? areaText(form.area) : '请选择省 / 市 / 区县'}`}
          className={form.area ? styles.areaValue : styles.areaPlaceholder}
          onClick={() => setPicking(true)}
          {...invalidProps(P, 'regionCode', problems.regionCode)}
        >
          {form.area ? areaText(form.area) : '请选择省 / 市 / 区县'}
        </button>
      </FormField>
      <FormField prefix={P} label="留言" field="message" error={problems.message} tall>
        <textarea
          className={styles.textarea}
          aria-label="留言"
          placeholder="选填，如您的经验、想了解的问题"
          rows={3}
          maxLength={200}
          value={form.message}
          onChange={(event) => set('message', event.target.value)}
        />
      </FormField>
      <Button
        block
        type="submit"
        color="primary"
        shape="rounded"
        className={styles.primaryAction}
        disabled={!running}
        loading={sending}
      >
        提交申请
      </Button>
      <Sheet visible={picking} onClose={() => setPicking(false)} label="选择意向地区">
        <div className={styles.sheet}>
          <h2 className={styles.sheetTitle}>选择意向地区</h2>
          <AreaPicker
            onDone={(choice) => {
              set('area', choice);
              setPicking(false);
            }}
          />
        </div>
      </Sheet>
    </form>
  );
}

export default function JoinusFormPage() {
  const [params] = useSearchParams();
  const track = params.get('track');
  const { remote, retry } = useRemote(() => api.call('joinus.page'), []);
  const exit = { label: '返回加盟合作', to: paths.joinus() };
  if (!isTrack(track)) return <Failed message="请选择合作方式" exit={exit} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={exit} />;
  const { campaign, tracks, mine } = remote.data;
  const info = tracks.find((t) => t.key === track)!;
  const body = !isLoggedIn() ? (
    <div className={styles.overlap}>
      <LoginPrompt title="登录后提交申请" description="申请进度会保存在您的账号下" />
    </div>
  ) : mine.some((entry) => entry.track === track) ? (
    <section className={`${styles.card} ${styles.overlap} ${styles.success}`}>
      <p className={styles.outcomeText}>您已提交过{info.name}申请，无需重复提交</p>
      <Link className={styles.secondaryLink} to={paths.joinusSuccess(track)}>
        查看我的申请
      </Link>
    </section>
  ) : (
    <ApplicationForm track={info} running={campaign.state === 'running'} />
  );
  return (
    <main className={styles.page}>
      <Hero title={`${info.name}申请`} subtitle="请填写真实信息，方便我们与您联系">
        <CampaignNotice campaign={campaign} />
      </Hero>
      {body}
    </main>
  );
}
