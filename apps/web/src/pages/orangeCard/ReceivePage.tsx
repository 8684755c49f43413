// /activity/orangeCard/receive "领取小橙卡": a gift's share link (?token=). Anyone sees the gift
// (the giver's masked mobile, the blessing, the card); 立即领取 claims it (a visitor logs in
// first and the claim resumes on return). The server decides: one claimer wins; the giver, a
// second claim and an expired gift are told so. The giver sees their own gift and can share it.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES } from '../campaign-kit/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Failed, Loading, loginThen, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { GIFT_TOKEN, giftShare, type OrangeCard } from './api.ts';
import styles from './orange.module.css';

const CLAIM = 'orange-claim';
const BACK = { label: '看看小橙卡', to: paths.orangeCard() };

export default function ReceivePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = GIFT_TOKEN.test(token);
  const { remote, retry, refresh } = useRemote(
    () => (valid ? api.call('orangeCard.gift', { token }) : new Promise<never>(() => undefined)),
    [token],
  );
  const [claimed, setClaimed] = useState<OrangeCard | null>(null);
  const [claiming, setClaiming] = useState(false);
  const gift = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(gift ? giftShare(token, gift.blessing, gift.cardName) : null);

  const claim = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) return loginThen(CLAIM);
    setClaiming(true);
    const reply = await runAction(() => api.call('orangeCard.claim', { token }), toast);
    setClaiming(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      setClaimed(reply.data);
      return;
    }
    toast(reply.message);
    if (reply.code !== CODES.orangeGiftOwn.code) refresh();
  });
  useResumeAction(CLAIM, gift?.state === 'pending', () => void claim());

  if (!valid) return <Failed message="礼物链接不完整，请让好友重新分享" exit={BACK} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={BACK} />;
  const g = remote.data;

  const status = claimed
    ? { title: '领取成功', text: `¥${claimed.faceValueText} ${g.cardName}已放入您的账户` }
    : g.state === 'claimed'
      ? g.role === 'receiver'
        ? { title: '您已领取这份礼物', text: '可在“赠送好友”中查看或转送' }
        : g.role === 'giver'
          ? { title: '好友已领取您的礼物', text: '礼物已送达' }
          : { title: '礼物已被领取', text: '这份礼物已被其他好友领走啦' }
      : g.state === 'returned'
        ? g.role === 'giver'
          ? { title: '礼物已过期', text: '好友未在有效期内领取，小橙卡已退回到您的账户' }
          : { title: '礼物已过期', text: '超时未领取，已退回给好友' }
        : g.role === 'giver'
          ? {
              title: '这是您送出的礼物',
              text: `等待好友领取，${formatDateTime(g.expiresAt)} 前未领取将自动退回`,
            }
          : null;

  return (
    <main className={styles.page}>
      <section className={styles.envelope} aria-label="好友的礼物">
        <p className={styles.envelopeFrom}>
          好友 {g.giver} 送你一张{g.cardName}
        </p>
        <p className={styles.envelopeBlessing}>“{g.blessing}”</p>
        <div className={styles.cardFaceFlat}>
          <div className={styles.cardTop}>
            <span className={styles.cardName}>{g.cardName}</span>
            <span className={styles.cityTag}>{g.cityName}通用</span>
          </div>
          <p className={styles.cardValue}>
            <small>¥</small>
            {g.faceValueText}
          </p>
        </div>
      </section>
      <section className={styles.panel}>
        {status ? (
          <div className={styles.outcome} role="status">
            <h1 className={styles.outcomeTitle}>{status.title}</h1>
            <p className={styles.outcomeText}>{status.text}</p>
          </div>
        ) : (
          <>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              loading={claiming}
              onClick={claim}
            >
              {isLoggedIn() ? '立即领取' : '登录领取'}
            </Button>
            <p className={styles.muted}>
              礼物只能被一位好友领取，{formatDateTime(g.expiresAt)} 前有效
            </p>
          </>
        )}
        {g.role === 'giver' && g.state === 'pending' && (
          <Button block shape="rounded" className={styles.footer} onClick={share}>
            分享给好友
          </Button>
        )}
        {(claimed || g.role === 'receiver') && (
          <Link className={styles.secondary} to={paths.orangeGive()}>
            查看我的小橙卡
          </Link>
        )}
        <Link className={styles.secondary} to={paths.orangeCard()}>
          我也要送小橙卡
        </Link>
      </section>
    </main>
  );
}
