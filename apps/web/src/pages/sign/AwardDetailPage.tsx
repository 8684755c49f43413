// /activity/sign/detail "奖品详情" (login): one prize of any campaign's "my prizes"
// (`?campaign=<campaign id>&id=`, any instance of any kind: decision 0037), how to use it, its coupon or its delivery address
// (the phone masked; correctable until the prize ships), and once shipped "已发货 · 承运商 · 单号"
// with 确认收货 (decision 0038). Every failure has a way back.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { ShipmentCard } from './ShipmentCard.tsx';
import { isLoggedIn } from '../../session/session.ts';
import { api } from '../../request/api.ts';
import { maskPhone } from '../campaign-kit/addressForm.ts';
import { type AwardCampaign, type Coupon } from '../campaign-kit/api.ts';
import {
  AwardState,
  KIND_LABEL,
  SOURCE_LABEL,
  useCampaignInfo,
} from '../campaign-kit/AwardList.tsx';
import { formatDateTime, formatDotDay } from '../campaign-kit/format.ts';
import { campaignShare, usePageShare } from '../campaign-kit/share.ts';
import { Failed, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { isCampaignId } from '../campaign-kit/whichCampaign.ts';
import styles from './AwardDetailPage.module.css';

const AddressSheet = lazy(() =>
  import('../campaign-kit/AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

const CAMPAIGNS: AwardCampaign[] = [
  'sign',
  'raffle',
  'password',
  'free',
  'bag',
  'rain',
  'fission',
  'live',
];

const channelsOf = (coupon: Coupon) =>
  coupon.channels.includes('store')
    ? coupon.channels.includes('online')
      ? 'both'
      : 'store'
    : 'online';

const CHANNEL_TEXT: Record<ReturnType<typeof channelsOf>, string> = {
  both: '门店出示券码核销，或在线上商城下单抵扣',
  store: '到店结账时出示券码，由店员扫码核销',
  online: '在线上商城下单时抵扣，仅限线上使用',
};

/** An unused coupon usable only online opens its online use; any other its code page. */
const couponPath = (coupon: Coupon) =>
  coupon.status === 'unused' && channelsOf(coupon) === 'online'
    ? paths.couponOnline(coupon.id)
    : paths.coupons({ id: coupon.id });

/** The kind of a campaign id when it is a kind's own campaign (the others say so once read). */
const kindNamed = (id: string): AwardCampaign | undefined => CAMPAIGNS.find((c) => c === id);

interface DetailProps {
  /** The prize's campaign id, any instance (decision 0037). */
  campaign: string;
  id: string;
  /** Its kind as far as known: from the id until the detail says. */
  kind: AwardCampaign;
  onKind: (kind: AwardCampaign) => void;
}

function Detail({ campaign, id, kind, onKind }: DetailProps) {
  const { remote, retry, setData } = useRemote(
    () => api.call('awards.detail', { campaign, id }),
    [campaign, id],
  );
  const [addressOpen, setAddressOpen] = useState(false);
  const readKind = remote.status === 'ready' ? kindNamed(remote.data.campaignKind) : undefined;
  useEffect(() => {
    if (readKind) onKind(readKind);
  }, [readKind]);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回我的奖品', to: paths.awards(kind, campaign) }}
      />
    );
  const award = remote.data;
  return (
    <>
      <section className={styles.card}>
        <img className={styles.image} src={award.image} alt="" />
        <h1 className={styles.name}>{award.name}</h1>
        <p className={styles.meta}>
          {KIND_LABEL[award.kind]} · {SOURCE_LABEL[award.source]} · <AwardState award={award} />
        </p>
        <p className={styles.meta}>获得时间：{formatDateTime(award.createdAt)}</p>
      </section>

      {award.coupon && (
        <section className={styles.card} aria-label="优惠券">
          <h2 className={styles.heading}>优惠券</h2>
          <div className={styles.coupon}>
            <strong className={styles.value}>{award.coupon.valueText}</strong>
            <div>
              <p className={styles.couponName}>{award.coupon.name}</p>
              <p className={styles.meta}>
                {award.coupon.thresholdText} · 有效期至 {formatDotDay(award.coupon.expiresAt)}
              </p>
            </div>
          </div>
          <div className={styles.couponInfo}>
            <p>适用范围：{award.coupon.scope}</p>
            <p>使用方式：{CHANNEL_TEXT[channelsOf(award.coupon)]}</p>
          </div>
          <Link className={styles.primaryLink} to={couponPath(award.coupon)}>
            {award.coupon.status === 'unused' ? '去使用' : '查看优惠券'}
          </Link>
        </section>
      )}

      {award.shipment && (
        <ShipmentCard
          campaign={campaign}
          awardId={award.id}
          shipment={award.shipment}
          onReceived={(receivedAt) =>
            setData((detail) => ({
              ...detail,
              state: 'received',
              shipment: detail.shipment && { ...detail.shipment, receivedAt },
            }))
          }
        />
      )}

      {award.kind === 'goods' && (
        <section className={styles.card} aria-label="收货地址">
          <h2 className={styles.heading}>收货地址</h2>
          {award.address ? (
            <div className={styles.address}>
              <p>
                {award.address.name} {maskPhone(award.address.mobile)}
              </p>
              <p>
                {[award.address.provinceName, award.address.cityName, award.address.regionName]
                  .filter(Boolean)
                  .join(' ')}{' '}
                {award.address.detail}
              </p>
              {award.shipment ? null : (
                <>
                  <Button
                    className={styles.change}
                    shape="rounded"
                    size="small"
                    onClick={() => setAddressOpen(true)}
                  >
                    修改地址
                  </Button>
                  <p className={styles.meta}>发货前可修改收货地址</p>
                </>
              )}
            </div>
          ) : (
            <>
              <p className={styles.meta}>请填写收货地址，我们将在7个工作日内为您发货</p>
              <Button block color="primary" shape="rounded" onClick={() => setAddressOpen(true)}>
                填写地址
              </Button>
            </>
          )}
        </section>
      )}

      <section className={styles.card} aria-label="使用说明">
        <h2 className={styles.heading}>使用说明</h2>
        <ol className={styles.usage}>
          {(award.kind === 'goods' && award.shipment
            ? award.shipment.receivedAt === null
              ? ['奖品已发货，可凭运单号在承运商官网查询物流。', '收到奖品后请点击“确认收货”。']
              : ['您已确认收货，感谢参与！']
            : award.kind === 'goods' && award.address
              ? ['收货地址已提交，我们将在7个工作日内为您发货。']
              : award.usage.length > 0
                ? award.usage
                : ['奖品已发放至您的账户。']
          ).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
      <Link className={styles.back} to={paths.campaign(kind, campaign)}>
        返回活动页
      </Link>
      {addressOpen && (
        <Suspense fallback={null}>
          <AddressSheet
            campaign={campaign}
            awardId={award.id}
            prizeName={award.name}
            current={award.address}
            visible
            onClose={() => setAddressOpen(false)}
            onSubmitted={(address) => {
              setData((detail) => ({ ...detail, state: 'address_submitted', address }));
              setAddressOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export default function AwardDetailPage() {
  const [params] = useSearchParams();
  const requested = params.get('campaign') ?? 'sign';
  const campaign = isCampaignId(requested) ? requested : undefined;
  const id = params.get('id') ?? '';
  // Another instance's kind is known once its detail is read.
  const [readKind, setReadKind] = useState<AwardCampaign | undefined>(undefined);
  const kind = readKind ?? kindNamed(requested) ?? 'sign';
  // The prize's own campaign (a raffle prize shares the raffle, under its configured title),
  // never the shopper's prize.
  usePageShare(campaignShare(kind, useCampaignInfo(kind, campaign)));
  return (
    <main className={styles.page}>
      {!isLoggedIn() ? (
        <LoginPrompt title="登录后查看奖品详情" />
      ) : !campaign || !/^[1-9]\d*$/.test(id) ? (
        <Failed message="奖品不存在" exit={{ label: '返回我的奖品', to: paths.awards(kind) }} />
      ) : (
        <Detail campaign={campaign} id={id} kind={kind} onKind={setReadKind} />
      )}
    </main>
  );
}
