// /activity/redPacketRain/helpU?shareCode= "为好友助力": a friend's share link. The visitor helps
// once a day (the server refuses a second with 62107, and the board says so first), which adds a
// round to the friend's day; then the visitor is invited to play. Logged out, 为TA助力 logs in
// and helps on return.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import {
  CampaignNotice,
  Failed,
  Hero,
  Loading,
  loginThen,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { rainShare } from './share.ts';
import styles from './RainPage.module.css';

const SHARE_CODE = /^[A-Za-z0-9]{4,16}$/;
const toRain = (campaign: string | undefined) => ({
  label: '去抢红包',
  to: paths.rain({ campaign }),
});

export default function RainHelpUPage() {
  const [params] = useSearchParams();
  const given = params.get('shareCode') ?? '';
  const shareCode = SHARE_CODE.test(given) ? given : null;
  // A friend's link names the rain campaign it is for (decision 0037).
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, setData } = useRemote(
    () => api.call('rain.board', shareCode ? { ...which, shareCode } : which),
    [shareCode, which],
  );
  const [helping, setHelping] = useState(false);
  const view = remote.status === 'ready' ? remote.data : null;
  usePageShare(view ? rainShare(view) : null);

  const help = useDoubleClickGuard(async () => {
    if (!shareCode || !view?.assist?.sharer || helping) return;
    if (!isLoggedIn()) {
      loginThen('rain.assist');
      return;
    }
    setHelping(true);
    const reply = await runAction(() => api.call('rain.assist', { ...which, shareCode }), toast);
    setHelping(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      toast(
        reply.data.sharerEarnedChance
          ? `助力成功，${reply.data.sharer.nickname || '好友'}多得1次红包雨`
          : '助力成功，TA今天的助力机会已满',
      );
    } else {
      toast(reply.message);
      if (codeOf(reply) !== CODES.rainAssistedToday.code) return;
    }
    setData((v) => (v.assist ? { ...v, assist: { ...v.assist, assistedToday: true } } : v));
  });
  const assistable =
    view?.campaign.state === 'running' && view.assist?.sharer != null && !view.assist.isSelf;
  useResumeAction('rain.assist', assistable, help);

  if (!shareCode)
    return (
      <Failed message="分享链接无效或已失效，自己也可以来抢红包哦" exit={toRain(campaignId)} />
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={toRain(campaignId)} />;
  const v = remote.data;
  const assist = v.assist;
  if (!assist?.sharer)
    return (
      <Failed message="分享链接无效或已失效，自己也可以来抢红包哦" exit={toRain(campaignId)} />
    );
  const who = assist.sharer.nickname || '好友';
  const running = v.campaign.state === 'running';

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || undefined}
        rules={v.campaign.rules}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      <section className={styles.centerCard} aria-label="好友助力">
        <div className={styles.bigPacket} aria-hidden />
        {assist.isSelf ? (
          <>
            <p className={styles.summary}>这是你自己的助力链接</p>
            <p className={styles.muted}>分享给好友，每位好友每天可为你助力1次</p>
          </>
        ) : (
          <>
            <p className={styles.summary}>
              {assist.assistedToday
                ? `今天已为${who}助力，明天还可以再来`
                : `${who}邀请你助力，助力后TA可多抢1次红包雨`}
            </p>
            <p className={styles.muted}>每位好友每天可助力1次</p>
          </>
        )}
        <div className={styles.actions}>
          {!assist.isSelf && (
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              disabled={!running || assist.assistedToday || helping}
              onClick={() => help()}
            >
              {!running
                ? v.campaign.state === 'ended'
                  ? '活动已结束'
                  : '活动未开始'
                : assist.assistedToday
                  ? '今日已助力'
                  : v.loggedIn
                    ? '为TA助力'
                    : '登录后为TA助力'}
            </Button>
          )}
          <Link
            className={styles.invite}
            to={paths.rain({ campaign: campaignId })}
            style={{ lineHeight: '42px' }}
          >
            我也要抢红包
          </Link>
        </div>
      </section>
    </main>
  );
}
