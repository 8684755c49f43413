// "My prizes" of one campaign (sign, raffle, password): the list, newest first; a goods prize
// asks for its delivery address, a coupon prize opens its code; each opens its detail. A campaign
// that has ended (or not started) says so above the list: prizes won stay listed and a goods prize
// still takes its address, but the empty list no longer sends the shopper to a closed campaign.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { type Award, type AwardCampaign, type Campaign } from './api.ts';
import { formatDateTime } from './format.ts';
import { detailPath } from './paths.ts';
import { campaignShare, usePageShare } from './share.ts';
import { CampaignNotice, Empty, Failed, Loading, LoginPrompt } from './states.tsx';
import { useRemote } from './useRemote.ts';
import { useWhichCampaign } from './whichCampaign.ts';
import styles from './awards.module.css';
import { paths } from '../../routes/paths.ts';

// The address form (with the signed areas API) loads when a shopper opens it.
const AddressSheet = lazy(() =>
  import('./AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

export const KIND_LABEL: Record<Award['kind'], string> = {
  points: '积分',
  coupon: '优惠券',
  goods: '实物奖品',
};
export const SOURCE_LABEL: Record<Award['source'], string> = {
  draw: '抽奖获得',
  streak: '连续签到奖励',
  password: '口令兑换',
  shake: '摇一摇获得',
  bag: '开袋有奖',
  rain: '红包雨获得',
  fission: '拆红包获得',
  live: '直播间抽奖',
};

export function AwardState({ award }: { award: Award }) {
  if (award.state === 'needs_address') return <span className={styles.stateWarn}>待填写地址</span>;
  if (award.state === 'address_submitted') return <span className={styles.stateOk}>待发货</span>;
  if (award.state === 'shipped') return <span className={styles.stateOk}>已发货</span>;
  if (award.state === 'received') return <span className={styles.stateOk}>已收货</span>;
  return <span className={styles.stateOk}>已发放</span>;
}

export interface AwardListProps {
  campaign: AwardCampaign;
  emptyDescription: string;
  /** The button of the empty list: back to the campaign. */
  emptyAction: ReactNode;
}

export function AwardItem({ award, onAddress }: { award: Award; onAddress: () => void }) {
  return (
    <li className={styles.item}>
      {/* Named by its visible text (the prize first), "详情" added for screen readers only. */}
      <Link to={detailPath(award)} className={styles.itemMain}>
        <img className={styles.image} src={award.image} alt="" />
        <div className={styles.text}>
          <p className={styles.name}>
            {award.name}
            <span className="sr-only"> 详情</span>
          </p>
          <p className={styles.meta}>
            {KIND_LABEL[award.kind]} · {SOURCE_LABEL[award.source]}
          </p>
          <p className={styles.meta}>{formatDateTime(award.createdAt)}</p>
        </div>
      </Link>
      <div className={styles.side}>
        <AwardState award={award} />
        {award.state === 'needs_address' && (
          <Button size="mini" color="primary" shape="rounded" onClick={onAddress}>
            填写地址
          </Button>
        )}
        {award.kind === 'coupon' && award.couponId !== null && (
          <Link className={styles.use} to={paths.coupons({ id: award.couponId })}>
            去使用
          </Link>
        )}
      </div>
    </li>
  );
}

function Awards({
  campaign: kind,
  emptyDescription,
  emptyAction,
  info,
}: AwardListProps & { info: Campaign | null }) {
  // The prizes of the instance the URL names (decision 0037), else of the kind's own campaign.
  const { campaignId } = useWhichCampaign();
  const campaign = campaignId ?? kind;
  const { remote, retry, setData } = useRemote(
    () => api.call('awards.list', { campaign }),
    [campaign],
  );
  const [addressFor, setAddressFor] = useState<Award | null>(null);
  const notice = info && <CampaignNotice campaign={info} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  if (remote.data.length === 0)
    return (
      <>
        {notice}
        <Empty
          title="暂无奖品"
          description={info?.state === 'ended' ? '活动已结束，下次早点来哦' : emptyDescription}
          action={info?.state === 'ended' ? undefined : emptyAction}
        />
      </>
    );
  return (
    <>
      {notice}
      <ul className={styles.list} aria-label="奖品列表">
        {remote.data.map((award) => (
          <AwardItem key={award.id} award={award} onAddress={() => setAddressFor(award)} />
        ))}
      </ul>
      <p className={styles.footer}>实物奖品将在提交地址后7个工作日内发货</p>
      {addressFor && (
        <Suspense fallback={null}>
          <AddressSheet
            campaign={campaign}
            awardId={addressFor.id}
            prizeName={addressFor.name}
            visible
            onClose={() => setAddressFor(null)}
            onSubmitted={() => {
              const id = addressFor.id;
              setData((list) =>
                list.map((a) => (a.id === id ? { ...a, state: 'address_submitted' } : a)),
              );
              setAddressFor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The route that answers each campaign's page, and with it the campaign. */
const CAMPAIGN_PAGE = {
  sign: 'sign.calendar',
  raffle: 'raffle.board',
  password: 'password.page',
  free: 'free.board',
  bag: 'bag.page',
  rain: 'rain.board',
  fission: 'fission.page',
  live: 'live.sessions',
} as const satisfies Record<AwardCampaign, string>;

/**
 * The campaign of a prize page (a visitor route, so it reads logged out too): its window for the
 * notice and its configured title for the share; the page does not wait for it. `id` names one
 * instance of the kind (decision 0037).
 */
export function useCampaignInfo(campaign: AwardCampaign, id?: string): Campaign | null {
  const { remote } = useRemote(
    () => api.call(CAMPAIGN_PAGE[campaign], id && id !== campaign ? { campaign: id } : {}),
    [campaign, id],
  );
  return remote.status === 'ready' ? remote.data.campaign : null;
}

/** The list, or the login prompt (WeChat and Alipay let logged-out visitors reach login routes). */
export function AwardList(props: AwardListProps) {
  const info = useCampaignInfo(props.campaign, useWhichCampaign().campaignId);
  usePageShare(campaignShare(props.campaign, info));
  if (!isLoggedIn())
    return (
      <LoginPrompt title="登录后查看我的奖品" description="中奖记录与账号绑定，登录即可查看" />
    );
  return <Awards {...props} info={info} />;
}
