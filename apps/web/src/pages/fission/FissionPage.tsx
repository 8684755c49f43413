// /activity/redPacketFission/index (and newFission, the new shoppers' packet): open a packet of
// points, keep the first share and invite friends; each friend who helps within the time limit
// takes the next share. With ?packet=… (a friend's share link) the page is that packet with the
// 帮TA拆 button. Opening and helping need the shopper's WeChat: a 50018 refusal goes through the
// oauth page and the tap completes when the shopper is back. Shares are the shell's (WeChat menu,
// the app's share sheet, H5's copy-the-link).
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { rememberAction, useResumeAction } from '../campaign-kit/pendingAction.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import {
  askLogin,
  CampaignNotice,
  Failed,
  Hero,
  Loading,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { currentChannel, rememberChannel } from './channel.ts';
import { PacketCard } from './PacketCard.tsx';
import styles from './FissionPage.module.css';

type Kind = 'normal' | 'new';
const WECHAT_NEEDED = 50018;

/** Sends the shopper through the oauth page; the tapped action resumes on return. */
function goAuthorize(navigate: (to: string) => unknown, action: string): void {
  rememberAction(action);
  void navigate(paths.fissionOauth(`${location.pathname}${location.search}`));
}

function celebrate(points: number, title: string): void {
  void Dialog.alert({
    title,
    content: `${points} 积分已存入您的账户`,
    confirmText: '好的',
  });
}

export default function FissionIndexPage() {
  const [params] = useSearchParams();
  const packet = params.get('packet');
  rememberChannel(params.get('channel'));
  return packet ? <FriendPacket token={packet} /> : <FissionPage kind="normal" />;
}

export function FissionPage({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Which fission campaign: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, refresh } = useRemote(() => api.call('fission.page', which), [which]);
  const [busy, setBusy] = useState(false);
  const view = remote.status === 'ready' ? remote.data : null;
  const mine = view ? (kind === 'new' ? view.myNew : view.mine) : null;
  const running = view?.campaign.state === 'running';
  const channel = currentChannel(params.get('channel'));
  const share = usePageShare(
    view
      ? {
          path:
            mine && mine.state === 'open'
              ? paths.fission({ packet: mine.token, channel, campaign: campaignId })
              : kind === 'new'
                ? paths.fissionNew({ campaign: campaignId })
                : paths.fission({ campaign: campaignId }),
          title: mine && mine.state === 'open' ? view.share.title : view.campaign.title,
          description: view.campaign.shareText,
          image: view.share.image,
        }
      : null,
  );

  const action = `fission.open.${kind}`;
  const open = useDoubleClickGuard(async () => {
    if (!view || busy) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可开红包，好友帮拆人人有积分', { action });
      return;
    }
    setBusy(true);
    const reply = await runAction(
      () => api.call('fission.open', channel ? { ...which, kind, channel } : { ...which, kind }),
      toast,
    );
    setBusy(false);
    if (!reply) return;
    if (!isSuccess(reply)) {
      if (Number(reply.code) === WECHAT_NEEDED) return goAuthorize(navigate, action);
      toast(reply.message);
      refresh();
      return;
    }
    refresh();
    celebrate(reply.data.packet.myPoints ?? 0, '红包已开，你领到第一份');
  });
  useResumeAction(action, running === true, open);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const rules = kind === 'new' ? v.newUser : v.packet;
  const canOpenNew = kind !== 'new' || v.newUserEligible !== false;
  const hasOpen = mine?.state === 'open';
  const outOfPackets = kind === 'normal' && v.packetsLeftToday === 0;

  return (
    <main className={styles.page}>
      <Hero
        title={kind === 'new' ? '新人专享红包' : v.campaign.title}
        subtitle={v.campaign.tagline || undefined}
        rules={v.campaign.rules}
        onShare={v.campaign.state !== 'ended' ? share : undefined}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      {mine && <PacketCard packet={mine} serverTime={v.campaign.serverTime} heading="我的红包" />}
      {hasOpen ? (
        <section className={styles.actions}>
          <Button block color="primary" shape="rounded" size="large" onClick={share}>
            邀请好友帮拆
          </Button>
          <p className={styles.hint}>好友每帮拆一次，就能领走其中一份积分</p>
        </section>
      ) : (
        <section className={styles.actions} aria-label="开红包">
          {!mine && (
            <div className={styles.envelope} aria-hidden>
              <span>开</span>
            </div>
          )}
          <p className={styles.offer}>
            {rules.totalPoints} 积分红包，分 {rules.shares} 份，{Math.round(rules.minutes / 60)}{' '}
            小时内拆完
          </p>
          {!canOpenNew ? (
            <>
              <p className={styles.hint} role="status">
                {v.myNew
                  ? '您已领取过新人红包'
                  : `新人红包仅限注册 ${v.newUser.accountAgeDays} 天内的新用户`}
              </p>
              <Link className={styles.link} to={paths.fission({ campaign: campaignId })}>
                去开普通红包 ›
              </Link>
            </>
          ) : (
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              disabled={!running || busy || outOfPackets}
              onClick={open}
            >
              {!running
                ? v.campaign.state === 'ended'
                  ? '活动已结束'
                  : '活动未开始'
                : busy
                  ? '开红包中…'
                  : outOfPackets
                    ? '今日红包已开完'
                    : v.loggedIn
                      ? mine
                        ? '再开一个红包'
                        : '开红包'
                      : '登录开红包'}
            </Button>
          )}
          {running && kind === 'normal' && v.packetsLeftToday !== null && (
            <p className={styles.hint}>
              今日还可开 {v.packetsLeftToday} 个（每天 {v.packetsPerDay} 个）
            </p>
          )}
          {running && kind === 'normal' && v.newUserEligible && !v.myNew && (
            <Link className={styles.link} to={paths.fissionNew({ campaign: campaignId })}>
              新人专享：{v.newUser.totalPoints} 积分大红包 ›
            </Link>
          )}
        </section>
      )}
      <nav className={styles.links}>
        <Link to={paths.myPrizes()}>我的奖品 ›</Link>
        <Link to={paths.gameCentre()}>更多游戏 ›</Link>
      </nav>
    </main>
  );
}

/** A friend's packet from a share link: its progress and the 帮TA拆 button. */
function FriendPacket({ token }: { token: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A share link names the fission campaign of its packet (decision 0037).
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, refresh } = useRemote(
    () => api.call('fission.packet', { ...which, token }),
    [token, which],
  );
  const [busy, setBusy] = useState(false);
  const view = remote.status === 'ready' ? remote.data : null;
  const channel = currentChannel(params.get('channel'));
  const share = usePageShare(
    view
      ? {
          path: paths.fission({ packet: token, channel, campaign: campaignId }),
          title: view.share.title,
          description: view.campaign.shareText,
          image: view.share.image,
        }
      : null,
  );
  const action = 'fission.help';
  const help = useDoubleClickGuard(async () => {
    if (!view || busy) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可帮好友拆红包，你也能领一份积分', { action });
      return;
    }
    setBusy(true);
    const reply = await runAction(
      () => api.call('fission.help', channel ? { ...which, token, channel } : { ...which, token }),
      toast,
    );
    setBusy(false);
    if (!reply) return;
    if (!isSuccess(reply)) {
      if (Number(reply.code) === WECHAT_NEEDED) return goAuthorize(navigate, action);
      toast(reply.message);
      refresh();
      return;
    }
    refresh();
    celebrate(reply.data.points, '帮拆成功');
  });
  useResumeAction(action, view?.canHelp === true, help);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return remote.retryable ? (
      <RemoteFailed failure={remote} retry={retry} />
    ) : (
      <Failed
        message={remote.message}
        exit={{ label: '我也开一个红包', to: paths.fission({ campaign: campaignId }) }}
      />
    );
  const v = remote.data;
  const p = v.packet;
  const running = v.campaign.state === 'running';
  const helped = p.myPoints !== null && !p.mine;
  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || undefined}
        rules={v.campaign.rules}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      <PacketCard
        packet={p}
        serverTime={v.campaign.serverTime}
        heading={p.mine ? '我的红包' : `${p.ownerName || '好友'} 邀请你帮拆红包`}
      />
      <section className={styles.actions}>
        {p.mine ? (
          p.state === 'open' && (
            <Button block color="primary" shape="rounded" size="large" onClick={share}>
              邀请好友帮拆
            </Button>
          )
        ) : helped ? (
          <p className={styles.hint} role="status">
            你已帮TA拆过，领到 {p.myPoints} 积分
          </p>
        ) : p.state !== 'open' ? (
          <p className={styles.hint} role="status">
            {p.state === 'full' ? '来晚了，红包已被拆完' : '来晚了，红包已过期'}
          </p>
        ) : (
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            disabled={!running || busy}
            onClick={help}
          >
            {!running
              ? v.campaign.state === 'ended'
                ? '活动已结束'
                : '活动未开始'
              : busy
                ? '拆红包中…'
                : v.loggedIn
                  ? '帮TA拆，我也领积分'
                  : '登录帮TA拆'}
          </Button>
        )}
        {!p.mine && (
          <Link className={styles.link} to={paths.fission({ campaign: campaignId })}>
            我也开一个红包 ›
          </Link>
        )}
      </section>
    </main>
  );
}
