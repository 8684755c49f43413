// /activity/postoffice/make "制作明信片" (login): the card with the chosen cover and the recording
// on it, and its lines to write: to (may stay blank), from, and the text (the template's greeting
// to start from), each with its counter and problem, checked as the server will check them.
// 生成明信片 saves it and opens its page, where it is shared.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { POSTCARD_LIMITS, postcardTextProblems, type PostcardText } from '@morsel/api/postoffice';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Input } from '../../ui/index.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Failed, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { invalidProps } from '../forms-kit/FormField.tsx';
import { coversOf } from './api.ts';
import { clearDraft, readDraft, updateDraft } from './draft.ts';
import { PostcardView } from './PostcardView.tsx';
import { VoicePlayer } from './VoicePlayer.tsx';
import styles from './postoffice.module.css';

const BACK = { label: '返回声音邮局', to: paths.postoffice() };
const P = 'postcard';
type Problems = Partial<Record<keyof PostcardText, string>>;

const count = (text: string) => [...text.trim()].length;

export default function MakePage() {
  const navigate = useNavigate();
  const draft = readDraft();
  const { remote, retry } = useRemote(() => api.call('postoffice.home'), []);
  const [lines, setLines] = useState<PostcardText | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  const home = remote.status === 'ready' ? remote.data : null;
  const template = home?.templates.find((t) => t.key === draft.template);
  const cover =
    home && template ? coversOf(home, template).find((c) => c.key === draft.cover) : undefined;
  const form: PostcardText = lines ?? {
    to: draft.to ?? '',
    from: draft.from ?? '',
    text: draft.text ?? template?.greeting ?? '',
  };

  const set = (field: keyof PostcardText, value: string) => {
    const next = { ...form, [field]: value };
    setLines(next);
    updateDraft({ [field]: value });
    if (problems[field]) setProblems({ ...problems, [field]: undefined });
  };

  const save = useDoubleClickGuard(async () => {
    if (!template || !cover || !draft.voice) return;
    const found = postcardTextProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const reply = await runAction(
      () =>
        api.call('postoffice.create', {
          template: template.key,
          cover: cover.key,
          voice: draft.voice!.voice,
          ...form,
        }),
      toast,
    );
    setSaving(false);
    if (!reply) return;
    if (!isSuccess(reply)) {
      const fields = (reply.data as { fields?: Problems } | null)?.fields;
      if (fields) setProblems(fields);
      toast(reply.message);
      if (Number(reply.code) === 65206) navigate(paths.postofficeRecord());
      return;
    }
    clearDraft();
    navigate(paths.postofficeCard(reply.data.code), { replace: true });
  });

  if (!isLoggedIn())
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后制作明信片" description="已录好的声音和写好的内容会为你保留" />
      </main>
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={BACK} />;
  if (!template || !cover) return <Failed message="请先选择明信片模板和封面" exit={BACK} />;
  if (!draft.voice)
    return (
      <Failed
        message="还没有录音，先录一段想说的话吧"
        exit={{ label: '去录音', to: paths.postofficeRecord() }}
      />
    );

  return (
    <main className={styles.page}>
      <form
        noValidate
        aria-label="明信片内容"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className={styles.stage}>
          <PostcardView label="明信片预览" look={template} cover={cover}>
            <VoicePlayer src={draft.voice.url} durationMs={draft.voice.durationMs} />
          </PostcardView>
        </div>
        <section className={styles.card}>
          <label className={styles.field}>
            <span>收件人</span>
            <Input
              aria-label="收件人"
              placeholder="选填，如：妈妈"
              value={form.to}
              onChange={(v) => set('to', v)}
              {...invalidProps(P, 'to', problems.to)}
            />
            <span className={styles.counter}>
              {count(form.to)}/{POSTCARD_LIMITS.nameMax}
            </span>
          </label>
          {problems.to && (
            <p id={`${P}-to-error`} className={styles.error} role="alert">
              {problems.to}
            </p>
          )}
          <label className={styles.field}>
            <span>寄件人</span>
            <Input
              aria-label="寄件人"
              placeholder="你的名字"
              value={form.from}
              onChange={(v) => set('from', v)}
              {...invalidProps(P, 'from', problems.from)}
            />
            <span className={styles.counter}>
              {count(form.from)}/{POSTCARD_LIMITS.nameMax}
            </span>
          </label>
          {problems.from && (
            <p id={`${P}-from-error`} className={styles.error} role="alert">
              {problems.from}
            </p>
          )}
          <label className={styles.textField}>
            <span>想说的话</span>
            <textarea
              aria-label="想说的话"
              rows={4}
              value={form.text}
              onChange={(event) => set('text', event.target.value)}
              {...invalidProps(P, 'text', problems.text)}
            />
            <span className={styles.counter}>
              {count(form.text)}/{POSTCARD_LIMITS.textMax}
            </span>
          </label>
          {problems.text && (
            <p id={`${P}-text-error`} className={styles.error} role="alert">
              {problems.text}
            </p>
          )}
          <Button
            block
            type="submit"
            color="primary"
            shape="rounded"
            className={styles.primaryAction}
            loading={saving}
            disabled={home?.campaign.state !== 'running'}
          >
            生成明信片
          </Button>
        </section>
      </form>
    </main>
  );
}
