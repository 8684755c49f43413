// /activity/postoffice/detail/:id "明信片": the card its link names, for anyone (no login): the
// cover, the lines and the voice to play. Its maker shares it (the environment's share, or in a
// browser the sheet with the link, its QR code and a poster); everyone else is offered to make one.
import { Link, useParams } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { formatDotDay } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { CARD_CODE, cardShare } from './api.ts';
import { PostcardView } from './PostcardView.tsx';
import { VoicePlayer } from './VoicePlayer.tsx';
import styles from './postoffice.module.css';

const MAKE_ONE = { label: '去声音邮局', to: paths.postoffice() };

export default function DetailPage() {
  const { id = '' } = useParams();
  const valid = CARD_CODE.test(id);
  const { remote, retry } = useRemote(
    () => (valid ? api.call('postoffice.card', { code: id }) : new Promise<never>(() => undefined)),
    [id, valid],
  );
  const card = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(card && cardShare(card));

  if (!valid) return <Failed message="明信片链接有误，请向寄件人重新获取" exit={MAKE_ONE} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={MAKE_ONE} />;
  const { look, cover, voice, to, from, text, createdAt, mine } = remote.data;
  return (
    <main className={styles.page}>
      <div className={styles.stage}>
        <PostcardView
          label="明信片"
          look={look}
          cover={cover}
          to={to}
          text={text}
          from={from}
          date={formatDotDay(createdAt)}
        >
          <VoicePlayer src={voice.url} durationMs={voice.durationMs} />
        </PostcardView>
      </div>
      <section className={styles.card}>
        {mine ? (
          <>
            <p className={styles.hint}>明信片已生成，分享给TA，打开链接就能听到你的声音</p>
            <Button
              block
              color="primary"
              shape="rounded"
              className={styles.primaryAction}
              onClick={share}
            >
              分享给TA
            </Button>
            <div className={styles.links}>
              <Link to={paths.postoffice()}>再做一张</Link>
              <Link to={paths.postofficeList()}>我的明信片</Link>
            </div>
          </>
        ) : (
          <>
            <p className={styles.hint}>{from}给你寄来了一张声音明信片，点击播放收听</p>
            <Link className={styles.primaryLink} to={paths.postoffice()}>
              我也做一张
            </Link>
          </>
        )}
      </section>
    </main>
  );
}
