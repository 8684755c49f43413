// /activity/apply/index "活动报名": the event as the operator describes it (title, tagline,
// rules), and the sign-up: name, mobile (shown with a space after its first three digits), party
// size and a remark, every problem under its field, confirmed before it is sent; once signed up
// the page is the confirmation.
import { useState } from 'react';
import {
  applyProblems,
  displayMobile,
  normaliseMobile,
  type ApplyField,
  type ApplyInput,
} from '@morsel/api/forms';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog, Input } from '../../ui/index.ts';
import { codeOf, CODES } from '../campaign-kit/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import {
  CampaignNotice,
  Hero,
  Loading,
  LoginPrompt,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { ChoiceChips, FormField, invalidProps } from '../forms-kit/FormField.tsx';
import styles from '../forms-kit/forms.module.css';

type Entry = DataOf<'apply.submit'>;
type Problems = Partial<Record<ApplyField, string>>;
const P = 'apply';

function Confirmation({ entry }: { entry: Entry }) {
  const rows: [string, string][] = [
    ['姓名', entry.name],
    ['手机号', displayMobile(entry.mobile)],
    ['参加人数', `${entry.people}人`],
    ['报名时间', formatDateTime(entry.createdAt)],
  ];
  if (entry.remark) rows.push(['备注', entry.remark]);
  return (
    <section className={`${styles.card} ${styles.overlap}`} role="status" aria-label="报名成功">
      <div className={styles.success}>
        <span className={styles.successIcon} aria-hidden="true">
          ✓
        </span>
        <p className={styles.outcomeText}>报名成功，请按活动规则准时参加</p>
      </div>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SignUpForm({
  maxPeople,
  running,
  onDone,
}: {
  maxPeople: number;
  running: boolean;
  onDone: (entry: Entry) => void;
}) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [people, setPeople] = useState('');
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const input: ApplyInput = {
    name: name.trim(),
    mobile,
    ...(people && { people: Number(people) }),
    remark: remark.trim(),
  };
  const problems: Problems = {
    ...(touched ? applyProblems(input, maxPeople) : {}),
    ...serverProblems,
  };

  const send = async () => {
    setSending(true);
    const reply = await runAction(() => api.call('apply.submit', input, { json: true }), toast);
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      toast('报名成功');
      onDone(reply.data);
      return;
    }
    if (codeOf(reply) === CODES.formInvalid.code)
      setServerProblems((reply.data as { fields?: Problems } | null)?.fields ?? {});
    toast(reply.message);
  };

  const confirm = useDoubleClickGuard(() => {
    setTouched(true);
    if (Object.keys(applyProblems(input, maxPeople)).length > 0) {
      toast('请按提示完善报名信息');
      return;
    }
    void Dialog.confirm({
      title: '确认报名？',
      content: `${name.trim()} ${displayMobile(mobile)}，共${people}人`,
      confirmText: '确认报名',
      cancelText: '返回修改',
      onConfirm: send,
    });
  });

  return (
    <form
      className={`${styles.card} ${styles.overlap}`}
      aria-label="报名表"
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
          value={name}
          maxLength={20}
          onChange={(v) => {
            setName(v);
            setServerProblems({});
          }}
          {...invalidProps(P, 'name', problems.name)}
        />
      </FormField>
      <FormField prefix={P} label="手机号" field="mobile" error={problems.mobile}>
        <Input
          aria-label="手机号"
          type="tel"
          inputMode="numeric"
          placeholder="11位手机号"
          value={displayMobile(mobile)}
          maxLength={12}
          onChange={(v) => {
            setMobile(normaliseMobile(v).slice(0, 11));
            setServerProblems({});
          }}
          {...invalidProps(P, 'mobile', problems.mobile)}
        />
      </FormField>
      <FormField prefix={P} label="参加人数" field="people" error={problems.people} tall>
        <ChoiceChips
          label="参加人数"
          options={Array.from({ length: maxPeople }, (_, i) => String(i + 1))}
          value={people}
          onChange={setPeople}
        />
      </FormField>
      <FormField prefix={P} label="备注" field="remark" error={problems.remark} tall>
        <textarea
          className={styles.textarea}
          aria-label="备注"
          placeholder="选填，如忌口、同行人信息"
          rows={2}
          maxLength={200}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
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
        立即报名
      </Button>
    </form>
  );
}

export default function ApplyPage() {
  const { remote, retry, setData } = useRemote(() => api.call('apply.page'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, maxPeople, mine } = remote.data;
  return (
    <main className={styles.page}>
      <Hero title={campaign.title} subtitle={campaign.tagline} rules={campaign.rules}>
        <CampaignNotice campaign={campaign} />
      </Hero>
      {mine ? (
        <Confirmation entry={mine} />
      ) : isLoggedIn() ? (
        <SignUpForm
          maxPeople={maxPeople}
          running={campaign.state === 'running'}
          onDone={(entry) => setData((data) => ({ ...data, mine: entry }))}
        />
      ) : (
        <div className={styles.overlap}>
          <LoginPrompt title="登录后报名" description="每个账号限报名1次" />
        </div>
      )}
    </main>
  );
}
