// /activity/orangeCard/give "赠送好友" (login): pick one of the shopper's cards (or ?cardId=), a
// blessing (offered ones or their own), and 生成赠送链接. The link carries the gift's one-claim
// token; the page then shares it the environment's way (WeChat: the ··· menu, set to the gift;
// the app: its share sheet; a browser: copy the link, QR code or poster). A card already being
// given shows its link again. Below, the gifts sent and what became of them.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess, type ApiEnvelope } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Empty, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import {
  GIFT_STATE_TEXT,
  giftShare,
  type GivenGift,
  type OrangeCard,
  type OrangeHome,
} from './api.ts';
import { CardList } from './CardList.tsx';
import styles from './orange.module.css';

const MAX_BLESSING = 40;

interface GiveData {
  home: OrangeHome;
  cards: OrangeCard[];
  given: GivenGift[];
}

async function loadGive(): Promise<ApiEnvelope<GiveData>> {
  const [home, mine] = await Promise.all([
    api.call('orangeCard.home'),
    api.call('orangeCard.cards'),
  ]);
  if (!isSuccess(home)) return { code: home.code, message: home.message, data: null as never };
  if (!isSuccess(mine)) return { code: mine.code, message: mine.message, data: null as never };
  return { code: 0, message: '', data: { home: home.data, ...mine.data } };
}

export default function GivePage() {
  const [params] = useSearchParams();
  const asked = Number(params.get('cardId') ?? '');
  const loggedIn = isLoggedIn();
  const { remote, retry, setData } = useRemote(
    () => (loggedIn ? loadGive() : new Promise<never>(() => undefined)),
    [loggedIn],
  );
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [blessing, setBlessing] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const ready = remote.status === 'ready' ? remote.data : null;
  const usable = ready?.cards.filter((c) => c.state !== 'void') ?? [];
  const card =
    usable.find((c) => c.id === (pickedId ?? asked)) ??
    (usable.length === 1 ? usable[0] : undefined);
  const text = blessing ?? ready?.home.blessings[0] ?? '';
  const gift = card?.gift ?? null;
  const cardName = ready?.home.cardName ?? '小橙卡';
  const share = usePageShare(gift ? giftShare(gift.token, gift.blessing, cardName) : null);

  const give = useDoubleClickGuard(async () => {
    if (!card || text.trim() === '') return;
    setSending(true);
    const reply = await runAction(
      () => api.call('orangeCard.give', { id: String(card.id), blessing: text.trim() }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    setData((d) => ({ ...d, cards: d.cards.map((c) => (c.id === card.id ? reply.data : c)) }));
    toast('赠送链接已生成，快分享给好友吧');
  });

  if (!loggedIn)
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后赠送小橙卡" description="把小橙卡和祝福一起送给好友" />
      </main>
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回小橙卡', to: paths.orangeCard() }}
      />
    );
  const { home, given } = remote.data;

  return (
    <main className={styles.page}>
      <section className={styles.panel} aria-labelledby="pick-heading">
        <h1 id="pick-heading" className={styles.heading}>
          选择要赠送的{cardName}
        </h1>
        {usable.length === 0 ? (
          <Empty
            title={`还没有可赠送的${cardName}`}
            description="购买后即可一键送给好友"
            action={
              <Link className={styles.pill} to={paths.orangeCard()}>
                去购买
              </Link>
            }
          />
        ) : (
          <CardList
            cards={usable}
            selectedId={card?.id ?? null}
            action={(c) =>
              c.id === card?.id ? (
                <span className={styles.badge}>{c.state === 'giving' ? '赠送中' : '已选择'}</span>
              ) : (
                <button type="button" className={styles.pill} onClick={() => setPickedId(c.id)}>
                  {c.state === 'giving' ? '查看' : '选择'}
                </button>
              )
            }
          />
        )}
      </section>

      {card && !gift && (
        <section className={styles.panel} aria-labelledby="bless-heading">
          <h2 id="bless-heading" className={styles.heading}>
            写下祝福
          </h2>
          <div className={styles.blessings}>
            {home.blessings.map((b) => (
              <button
                key={b}
                type="button"
                className={b === text ? styles.blessingOn : styles.blessing}
                aria-pressed={b === text}
                onClick={() => setBlessing(b)}
              >
                {b}
              </button>
            ))}
          </div>
          <textarea
            className={styles.textarea}
            aria-label="祝福语"
            maxLength={MAX_BLESSING}
            value={text}
            placeholder="写一句祝福送给好友"
            onChange={(e) => setBlessing(e.target.value)}
          />
          <p className={styles.counter}>
            {text.length}/{MAX_BLESSING}
          </p>
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={sending}
            disabled={text.trim() === ''}
            onClick={give}
          >
            生成赠送链接
          </Button>
          <p className={styles.muted}>
            链接只能被一位好友领取，{home.giftHours} 小时内未领取将自动退回到您的账户
          </p>
        </section>
      )}

      {card && gift && (
        <section className={styles.panel} aria-labelledby="share-heading">
          <h2 id="share-heading" className={styles.heading}>
            礼物已备好，等待好友领取
          </h2>
          <p className={styles.muted}>“{gift.blessing}”</p>
          <p className={styles.linkBox}>
            {new URL(paths.orangeReceive(gift.token), window.location.origin).href}
          </p>
          <Button block color="primary" shape="rounded" size="large" onClick={share}>
            分享给好友
          </Button>
          <p className={styles.muted}>{formatDateTime(gift.expiresAt)} 前未领取将自动退回</p>
        </section>
      )}

      {given.length > 0 && (
        <section className={styles.panel} aria-labelledby="given-heading">
          <h2 id="given-heading" className={styles.heading}>
            我送出的礼物
          </h2>
          <ul className={styles.given}>
            {given.map((g) => (
              <li key={`${g.cardNo}-${g.createdAt}`}>
                <div className={styles.recordTop}>
                  <span>
                    {g.cityName} ¥{g.faceValueText}
                  </span>
                  <span className={styles.recordState}>{GIFT_STATE_TEXT[g.state]}</span>
                </div>
                <p className={styles.recordMeta}>
                  {g.receiver ? `${g.receiver} 已领取 · ` : ''}
                  {formatDateTime(g.createdAt)} 送出
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
