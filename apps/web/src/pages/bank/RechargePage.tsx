// /activity/bank/recharge (and /recharge2) "储值卡充值": the shopper's prepaid card and its
// balance, the top-up amounts with the bank channel's bonus, and 立即充值, which makes the order
// (the server computes the amount) and opens the cashier.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import {
  CampaignNotice,
  Hero,
  Loading,
  LoginPrompt,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { bankChannel, type TopUpOption } from './api.ts';
import styles from './bank.module.css';

function OptionTile({
  option,
  selected,
  onSelect,
}: {
  option: TopUpOption;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={selected ? styles.optionSelected : styles.option}
      onClick={onSelect}
    >
      <span className={styles.optionAmount}>¥{option.amountText}</span>
      {option.bonusText ? (
        <span className={styles.optionBonus}>到账 ¥{option.creditText}</span>
      ) : (
        <span className={styles.optionPlain}>到账 ¥{option.creditText}</span>
      )}
    </button>
  );
}

export default function RechargePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [channel] = useState(() => bankChannel(location.search));
  const loggedIn = isLoggedIn();
  const { remote, retry, refresh } = useRemote(
    () => (loggedIn ? api.call('bank.card', channel ? { channel } : undefined) : never()),
    [loggedIn],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const order = useDoubleClickGuard(async () => {
    if (remote.status !== 'ready') return;
    const option = remote.data.options.find((o) => o.id === chosen) ?? remote.data.options[0];
    if (!option) return;
    setSending(true);
    const reply = await runAction(
      () =>
        api.call('bank.order', {
          optionId: option.id,
          amount: option.amount,
          ...(channel ? { channel } : {}),
        }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      navigate(paths.bankPay(reply.data.orderNo));
      return;
    }
    toast(reply.message);
    // The amounts changed under the page (an operator edit): show the current ones.
    if (codeOf(reply) === CODES.orderAmountChanged.code) refresh();
  });

  if (!loggedIn)
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后为储值卡充值" description="充值金额可在门店和线上商城使用" />
      </main>
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, card, options, methods } = remote.data;
  const selected = options.find((o) => o.id === chosen) ?? options[0]!;
  const running = campaign.state === 'running';

  return (
    <main className={styles.page}>
      <Hero title={campaign.title} subtitle={campaign.tagline} rules={campaign.rules}>
        <CampaignNotice campaign={campaign} />
      </Hero>
      <section className={styles.cardFace} aria-label="我的储值卡">
        <div className={styles.cardTop}>
          <span className={styles.cardName}>储值卡</span>
          {remote.data.channel && (
            <span className={styles.channel}>{remote.data.channel.name}专享</span>
          )}
        </div>
        <p className={styles.cardNo}>{card.cardNo}</p>
        <p className={styles.balanceLabel}>当前余额（元）</p>
        <p className={styles.balance}>{card.balanceText}</p>
      </section>
      <section className={styles.panel} aria-labelledby="topup-heading">
        <h2 id="topup-heading" className={styles.heading}>
          选择充值金额
        </h2>
        <div className={styles.options} role="radiogroup" aria-labelledby="topup-heading">
          {options.map((option) => (
            <OptionTile
              key={option.id}
              option={option}
              selected={option.id === selected.id}
              onSelect={() => setChosen(option.id)}
            />
          ))}
        </div>
        {selected.bonusText && <p className={styles.bonus}>{selected.bonusText}</p>}
        {methods.length === 0 && <p className={styles.warn}>暂无可用的支付方式，请稍后再试</p>}
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          className={styles.submit}
          loading={sending}
          disabled={!running || methods.length === 0}
          onClick={order}
        >
          {running
            ? `立即充值 ¥${selected.amountText}`
            : campaign.state === 'ended'
              ? '活动已结束'
              : '活动未开始'}
        </Button>
        <p className={styles.tip}>充值成功后余额立即到账，可在门店和线上商城使用</p>
      </section>
    </main>
  );
}

/** A call that never settles: logged out, the page shows its login prompt instead. */
function never(): Promise<never> {
  return new Promise(() => undefined);
}
