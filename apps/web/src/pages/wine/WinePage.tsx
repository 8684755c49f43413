// /activity/wine/index "酒水专区": the age confirmation comes before the page (nothing of the
// wines is shown until the visitor confirms), remembered on the device (ageGate.ts). A decline
// ends in a polite exit with the way back to the snacks; a wrong tap can be answered again.
import { useState } from 'react';
import { Link } from 'react-router';
import { api, type DataOf } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Empty, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { rememberAnswer, rememberedAnswer, type AgeAnswer } from './ageGate.ts';
import styles from './wine.module.css';

type WineView = DataOf<'wine.page'>;

function Gate({ view, onAnswer }: { view: WineView; onAnswer: (a: 'adult' | 'declined') => void }) {
  return (
    <main className={styles.gatePage}>
      <section
        className={styles.gate}
        role="dialog"
        aria-modal="true"
        aria-labelledby="wine-gate-title"
      >
        <span className={styles.badge} aria-hidden>
          {view.minimumAge}+
        </span>
        <h1 id="wine-gate-title">{view.gate.title}</h1>
        <p>{view.gate.message}</p>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          onClick={() => onAnswer('adult')}
        >
          {view.gate.confirmText}
        </Button>
        <Button
          block
          shape="rounded"
          size="large"
          className={styles.decline}
          onClick={() => onAnswer('declined')}
        >
          {view.gate.declineText}
        </Button>
      </section>
    </main>
  );
}

function Exit({ view, onReconsider }: { view: WineView; onReconsider: () => void }) {
  return (
    <main className={styles.gatePage}>
      <section className={styles.gate} role="status">
        <svg className={styles.wave} viewBox="0 0 48 48" aria-hidden>
          <circle cx="24" cy="24" r="22" fill="#e0a458" stroke="#a0672a" strokeWidth="3" />
          <circle cx="16" cy="18" r="3" fill="#5c3317" />
          <circle cx="32" cy="18" r="3" fill="#5c3317" />
          <path
            d="M15 29 q9 8 18 0"
            fill="none"
            stroke="#5c3317"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
        <h1>{view.exit.title}</h1>
        {view.exit.message && <p>{view.exit.message}</p>}
        <Link className={styles.homeLink} to={paths.home()}>
          去逛逛零食
        </Link>
        <button type="button" className={styles.reconsider} onClick={onReconsider}>
          选错了？重新选择
        </button>
      </section>
    </main>
  );
}

export default function WinePage() {
  const { remote, retry } = useRemote(() => api.call('wine.page'), []);
  const [answer, setAnswer] = useState<AgeAnswer | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    view
      ? {
          path: paths.wine(),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: view.products[0]?.image,
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const current = answer ?? rememberedAnswer(v.rememberDays);
  const answerWith = (a: 'adult' | 'declined') => {
    rememberAnswer(a);
    setAnswer(a);
  };
  if (current === 'unknown') return <Gate view={v} onAnswer={answerWith} />;
  if (current === 'declined') return <Exit view={v} onReconsider={() => setAnswer('unknown')} />;

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline}
        rules={v.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      {v.notice && (
        <p className={styles.notice} role="note">
          {v.notice}
        </p>
      )}
      {v.products.length === 0 ? (
        <Empty title="酒水商品即将上架" description="敬请期待" />
      ) : (
        <ul className={styles.list} aria-label="酒水商品">
          {v.products.map((p) => {
            const body = (
              <>
                <img className={styles.picture} src={p.image} alt="" width={88} height={88} />
                <span className={styles.body}>
                  <strong className={styles.name}>
                    {p.tag && <em className={styles.tag}>{p.tag}</em>}
                    {p.name}
                  </strong>
                  <span className={styles.spec}>{p.spec}</span>
                  <span className={styles.price}>
                    <small>¥</small>
                    {p.price}
                  </span>
                </span>
              </>
            );
            return (
              <li key={p.key} className={styles.item}>
                {p.url ? (
                  <a className={styles.row} href={p.url}>
                    {body}
                  </a>
                ) : (
                  <div className={styles.row}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
