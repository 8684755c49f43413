// "兑换优惠券" on my coupons: a code printed on a package or handed out at an event becomes a
// coupon of its template (POST coupon/exchange). The server normalises case and spaces, and
// answers 60061 (unknown), 60062 (used) or 60063 (expired) with the message shown here.
import { useState } from 'react';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { Button, Input } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { type Coupon } from '../campaign-kit/api.ts';
import { runAction } from '../campaign-kit/useRemote.ts';
import styles from './CouponUsePage.module.css';

/** Exchange codes are letters and digits; longer input is never a code. */
const MAX_CODE_LENGTH = 32;

export function ExchangeCodeForm({ onExchanged }: { onExchanged: (coupon: Coupon) => void }) {
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const submit = useDoubleClickGuard(async () => {
    const value = code.trim();
    if (!value) {
      toast('请输入兑换码');
      return;
    }
    setSending(true);
    const reply = await runAction(() => api.call('coupon.exchange', { code: value }), toast);
    setSending(false);
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    setCode('');
    toast(`兑换成功：${reply.data.name}`);
    onExchanged(reply.data);
  });
  return (
    <form
      className={styles.exchange}
      aria-label="兑换优惠券"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Input
        className={styles.exchangeInput}
        aria-label="兑换码"
        placeholder="输入兑换码"
        value={code}
        maxLength={MAX_CODE_LENGTH}
        clearable
        onChange={setCode}
        onEnterPress={submit}
      />
      <Button type="submit" size="small" color="primary" shape="rounded" loading={sending}>
        兑换
      </Button>
    </form>
  );
}
