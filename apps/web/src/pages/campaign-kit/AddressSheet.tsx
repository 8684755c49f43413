// The delivery address of a goods prize: name, mobile, area (areas API) and street address,
// checked here as the server checks them (docs/campaigns.md), submitted once.
import { useState } from 'react';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { Button, Input } from '../../ui/index.ts';
import { Sheet } from './Sheet.tsx';
import { api } from '../../request/api.ts';
import { type Address, type AwardCampaign } from './api.ts';
import { AreaPicker, type AreaChoice } from './AreaPicker.tsx';
import { runAction } from './useRemote.ts';
import styles from './address.module.css';

export interface AddressSheetProps {
  campaign: AwardCampaign;
  awardId: number | string;
  prizeName: string;
  visible: boolean;
  onClose: () => void;
  onSubmitted: (address: Address) => void;
}

/** What is wrong with the form, in the order a shopper fills it; empty when it can be sent. */
export function addressProblem(form: {
  name: string;
  mobile: string;
  area: AreaChoice | null;
  detail: string;
}): string {
  const name = form.name.trim();
  if (!name) return '请填写收货人姓名';
  if (name.length > 20) return '收货人姓名最多20个字';
  if (!/^1[3-9]\d{9}$/.test(form.mobile.trim())) return '请填写正确的11位手机号';
  if (!form.area) return '请选择所在地区';
  const detail = form.detail.trim();
  if (detail.length < 4) return '详细地址至少4个字，请填写街道、门牌号';
  if (detail.length > 120) return '详细地址最多120个字';
  return '';
}

export function AddressSheet({
  campaign,
  awardId,
  prizeName,
  visible,
  onClose,
  onSubmitted,
}: AddressSheetProps) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [area, setArea] = useState<AreaChoice | null>(null);
  const [detail, setDetail] = useState('');
  const [picking, setPicking] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = useDoubleClickGuard(async () => {
    const problem = addressProblem({ name, mobile, area, detail });
    if (problem) {
      toast(problem);
      return;
    }
    setSending(true);
    const reply = await runAction(
      () =>
        api.call('awards.address', {
          campaign,
          id: awardId,
          name: name.trim(),
          mobile: mobile.trim(),
          provinceCode: area!.province.code,
          cityCode: area!.city.code,
          regionCode: area!.county.code,
          detail: detail.trim(),
        }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      toast('地址已提交，我们会尽快为您发货');
      onSubmitted(reply.data.address);
    } else {
      toast(reply.message);
    }
  });

  return (
    <Sheet visible={visible} onClose={onClose} label="收货地址">
      <form
        className={styles.sheet}
        aria-label="填写收货地址"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 className={styles.title}>填写收货地址</h2>
        <p className={styles.prize}>奖品：{prizeName}</p>
        {picking ? (
          <AreaPicker
            onDone={(choice) => {
              setArea(choice);
              setPicking(false);
            }}
          />
        ) : (
          <>
            <label className={styles.field}>
              <span>收货人</span>
              <Input
                aria-label="收货人"
                placeholder="请填写收货人姓名"
                value={name}
                onChange={setName}
                maxLength={20}
              />
            </label>
            <label className={styles.field}>
              <span>手机号</span>
              <Input
                aria-label="收货手机号"
                type="tel"
                placeholder="请填写收货人手机号"
                value={mobile}
                onChange={setMobile}
                maxLength={11}
              />
            </label>
            <div className={styles.field}>
              <span>所在地区</span>
              <button
                type="button"
                className={area ? styles.areaValue : styles.areaPlaceholder}
                onClick={() => setPicking(true)}
              >
                {area
                  ? `${area.province.name} ${area.city.name} ${area.county.name}`
                  : '请选择省 / 市 / 区县'}
              </button>
            </div>
            <label className={styles.field}>
              <span>详细地址</span>
              <Input
                aria-label="详细地址"
                placeholder="街道、楼牌号等"
                value={detail}
                onChange={setDetail}
                maxLength={120}
              />
            </label>
            <p className={styles.tip}>地址提交后不可修改，请仔细核对</p>
            <Button block type="submit" color="primary" shape="rounded" loading={sending}>
              提交地址
            </Button>
          </>
        )}
      </form>
    </Sheet>
  );
}
