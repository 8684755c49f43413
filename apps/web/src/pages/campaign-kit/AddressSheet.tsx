// The delivery address of a goods prize: name, mobile (the shopper's own number prefilled), area
// (areas API) and a multi-line street address, every problem shown under its field at once, and
// a confirmation showing the whole address before it is sent. With `current`, the sheet corrects
// an address already given (PUT), which the server allows until the prize ships.
import { useEffect, useState } from 'react';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { Button, Input } from '../../ui/index.ts';
import { Sheet } from './Sheet.tsx';
import { api } from '../../request/api.ts';
import { type Address, type AwardCampaign } from './api.ts';
import { AreaPicker } from './AreaPicker.tsx';
import {
  addressProblems,
  areaText,
  formOf,
  type AddressField,
  type AddressForm,
} from './addressForm.ts';
import { runAction } from './useRemote.ts';
import styles from './address.module.css';

export interface AddressSheetProps {
  /** The award's campaign id (an instance such as a second raffle included). */
  campaign: AwardCampaign | (string & {});
  awardId: number | string;
  prizeName: string;
  visible: boolean;
  /** The address given before: the sheet corrects it. */
  current?: Address | null;
  onClose: () => void;
  onSubmitted: (address: Address) => void;
}

/** The shopper's own number, to prefill the form (most prizes go to the winner). */
function useOwnMobile(campaign: string, awardId: number | string, skip: boolean): string {
  const [mobile, setMobile] = useState('');
  useEffect(() => {
    if (skip) return;
    let live = true;
    api
      .call('awards.detail', { campaign, id: awardId })
      .then((reply) => live && isSuccess(reply) && setMobile(reply.data.contactMobile))
      .catch(() => undefined); // Not prefilled: the shopper types it.
    return () => {
      live = false;
    };
  }, [campaign, awardId, skip]);
  return mobile;
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {text}
    </p>
  );
}

export function AddressSheet({
  campaign,
  awardId,
  prizeName,
  visible,
  current,
  onClose,
  onSubmitted,
}: AddressSheetProps) {
  const correcting = Boolean(current);
  const [form, setForm] = useState<AddressForm>(() => formOf(current));
  const [touched, setTouched] = useState(false);
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const ownMobile = useOwnMobile(campaign, awardId, correcting);
  useEffect(() => {
    if (ownMobile) setForm((f) => (f.mobile ? f : { ...f, mobile: ownMobile }));
  }, [ownMobile]);

  const problems = addressProblems(form);
  const shown = touched ? problems : {};
  const set = (field: AddressField) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));
  const invalid = (field: AddressField) =>
    shown[field] ? { 'aria-invalid': true, 'aria-describedby': `address-${field}-error` } : {};

  const send = useDoubleClickGuard(async () => {
    const area = form.area!;
    const body = {
      name: form.name.trim(),
      mobile: form.mobile.trim(),
      provinceCode: area.province.code,
      cityCode: area.city.code,
      regionCode: area.county.code,
      detail: form.detail.trim(),
    };
    setSending(true);
    const reply = await runAction(
      () =>
        api.call(correcting ? 'awards.changeAddress' : 'awards.address', {
          campaign,
          id: awardId,
          ...body,
        }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      toast(correcting ? '地址已修改' : '地址已提交，我们会尽快为您发货');
      onSubmitted(reply.data.address);
    } else {
      setConfirming(false);
      toast(reply.message);
    }
  });

  return (
    <Sheet visible={visible} onClose={onClose} label="收货地址">
      {confirming && form.area ? (
        <section className={styles.sheet} aria-label="确认收货地址">
          <h2 className={styles.title}>请确认收货地址</h2>
          <p className={styles.prize}>奖品：{prizeName}</p>
          <dl className={styles.summary}>
            <dt>收货人</dt>
            <dd>{form.name.trim()}</dd>
            <dt>手机号</dt>
            <dd>{form.mobile.trim()}</dd>
            <dt>收货地址</dt>
            <dd>
              {areaText(form.area)} {form.detail.trim()}
            </dd>
          </dl>
          <p className={styles.tip}>发货前可在奖品详情中修改地址，发货后无法修改</p>
          <div className={styles.buttons}>
            <Button shape="rounded" onClick={() => setConfirming(false)}>
              返回修改
            </Button>
            <Button color="primary" shape="rounded" loading={sending} onClick={send}>
              确认提交
            </Button>
          </div>
        </section>
      ) : (
        <form
          className={styles.sheet}
          aria-label={correcting ? '修改收货地址' : '填写收货地址'}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (Object.keys(problems).length === 0) setConfirming(true);
          }}
        >
          <h2 className={styles.title}>{correcting ? '修改收货地址' : '填写收货地址'}</h2>
          <p className={styles.prize}>奖品：{prizeName}</p>
          {picking ? (
            <AreaPicker
              onDone={(choice) => {
                setForm((f) => ({ ...f, area: choice }));
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
                  value={form.name}
                  onChange={set('name')}
                  maxLength={20}
                  {...invalid('name')}
                />
              </label>
              <FieldError id="address-name-error" text={shown.name} />
              <label className={styles.field}>
                <span>手机号</span>
                <Input
                  aria-label="收货手机号"
                  type="tel"
                  inputMode="numeric"
                  placeholder="请填写收货人手机号"
                  value={form.mobile}
                  onChange={(value) => set('mobile')(value.replace(/\D/g, ''))}
                  maxLength={11}
                  {...invalid('mobile')}
                />
              </label>
              <FieldError id="address-mobile-error" text={shown.mobile} />
              <div className={styles.field}>
                <span id="address-area-label">所在地区</span>
                <button
                  type="button"
                  aria-labelledby="address-area-label address-area-value"
                  id="address-area-value"
                  className={form.area ? styles.areaValue : styles.areaPlaceholder}
                  onClick={() => setPicking(true)}
                  {...invalid('area')}
                >
                  {form.area ? areaText(form.area) : '请选择省 / 市 / 区县'}
                </button>
              </div>
              <FieldError id="address-area-error" text={shown.area} />
              <label className={`${styles.field} ${styles.fieldTall}`}>
                <span>详细地址</span>
                <textarea
                  className={styles.textarea}
                  aria-label="详细地址"
                  placeholder="街道、楼牌号等"
                  rows={3}
                  value={form.detail}
                  onChange={(event) => set('detail')(event.target.value)}
                  maxLength={120}
                  {...invalid('detail')}
                />
              </label>
              <FieldError id="address-detail-error" text={shown.detail} />
              <Button block type="submit" color="primary" shape="rounded" className={styles.submit}>
                {correcting ? '保存修改' : '提交地址'}
              </Button>
            </>
          )}
        </form>
      )}
    </Sheet>
  );
}
