// The host's lottery (docs/live-pages.md): pick a prize of the session's campaign and how many
// winners, and draw. The server draws among the logged-in viewers in the room now, gives the
// prizes and announces the winners to the room (everyone's page shows them).
import { useState } from 'react';
import type { DataOf } from '../../request/api.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { Button, Toast } from '../../ui/index.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import styles from './live.module.css';

type Prize = DataOf<'live.session'>['prizes'][number];

const WINNER_CHOICES = [1, 3, 5, 10];

export function LotterySheet({
  sessionId,
  prizes,
  onClose,
}: {
  sessionId: number;
  prizes: Prize[];
  onClose: () => void;
}) {
  const [prizeKey, setPrizeKey] = useState(
    prizes.find((p) => p.stock === null || p.stock > 0)?.key ?? '',
  );
  const [winners, setWinners] = useState(1);
  const [busy, setBusy] = useState(false);

  const draw = async () => {
    setBusy(true);
    try {
      const reply = await api.call(
        'live.draw',
        { id: sessionId, prizeKey, winners },
        { json: true },
      );
      if (isSuccess(reply)) {
        Toast.show({ content: `已抽出 ${reply.data.winners.length} 位中奖观众` });
        onClose();
      } else Toast.show({ content: reply.message });
    } catch {
      Toast.show({ content: '网络不稳定，请稍后再试' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet visible onClose={onClose} label="发起抽奖">
      <div className={styles.lottery}>
        <h2 className={styles.sheetTitle}>发起抽奖</h2>
        <p className={styles.sheetNote}>在直播间已登录的观众中随机抽取，结果将在直播间公布</p>
        <fieldset className={styles.choices}>
          <legend>奖品</legend>
          {prizes.map((prize) => (
            <label key={prize.key} className={styles.choice}>
              <input
                type="radio"
                name="prize"
                value={prize.key}
                checked={prizeKey === prize.key}
                disabled={prize.stock === 0}
                onChange={() => setPrizeKey(prize.key)}
              />
              <img src={prize.image} alt="" />
              <span>{prize.name}</span>
              <small>{prize.stock === null ? '不限量' : `剩余 ${prize.stock}`}</small>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.choices}>
          <legend>中奖人数</legend>
          <div className={styles.counts}>
            {WINNER_CHOICES.map((n) => (
              <label key={n} className={styles.count}>
                <input
                  type="radio"
                  name="winners"
                  value={n}
                  checked={winners === n}
                  onChange={() => setWinners(n)}
                />
                {n} 人
              </label>
            ))}
          </div>
        </fieldset>
        <Button
          block
          color="primary"
          shape="rounded"
          loading={busy}
          disabled={!prizeKey}
          onClick={() => void draw()}
        >
          开始抽奖
        </Button>
      </div>
    </Sheet>
  );
}
