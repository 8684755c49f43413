// One red packet as both its owner and a friend see it: the total, how many shares are taken,
// the time left (counted from the server's time), and who took a share.
import { useEffect, useState } from 'react';
import type { DataOf } from '@morsel/api/client';
import styles from './FissionPage.module.css';

export type Packet = DataOf<'fission.packet'>['packet'];

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss left until `expiresAt`, the phone's clock corrected by the server's. */
function useTimeLeft(expiresAt: number, serverTime: number): number {
  const [readAt] = useState(() => Date.now());
  const [now, setNow] = useState(readAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, expiresAt - (serverTime + (now - readAt)));
}

function formatLeft(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const STATE_TEXT = { full: '红包已被拆完', expired: '红包已过期' } as const;

export function PacketCard({
  packet,
  serverTime,
  heading,
}: {
  packet: Packet;
  serverTime: number;
  heading: string;
}) {
  const left = useTimeLeft(packet.expiresAt, serverTime);
  const open = packet.state === 'open' && left > 0;
  const friends = packet.helpers.filter((h) => !h.owner);
  return (
    <section className={styles.packet} aria-label="红包">
      <p className={styles.packetHeading}>{heading}</p>
      <p className={styles.total}>
        <strong>{packet.totalPoints}</strong> 积分
      </p>
      {packet.myPoints !== null && (
        <p className={styles.myPoints} role="status">
          你已领到 <strong>{packet.myPoints}</strong> 积分
        </p>
      )}
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="已拆份数"
        aria-valuemin={0}
        aria-valuemax={packet.shares}
        aria-valuenow={packet.taken}
      >
        <span style={{ width: `${(packet.taken / packet.shares) * 100}%` }} />
      </div>
      <p className={styles.progressText}>
        已拆 {packet.taken}/{packet.shares} 份，共领走 {packet.paid} 积分
      </p>
      <p className={styles.timer}>
        {open
          ? `剩余时间 ${formatLeft(left)}`
          : STATE_TEXT[packet.state === 'full' ? 'full' : 'expired']}
      </p>
      <h2 className={styles.helpersHeading}>帮拆好友（{friends.length}）</h2>
      {friends.length === 0 ? (
        <p className={styles.noHelpers}>还没有好友帮拆，快去邀请吧</p>
      ) : (
        <ul className={styles.helpers}>
          {friends.map((h) => (
            <li key={`${h.at}-${h.name}`}>
              <span>{h.name}</span>
              <span>+{h.points} 积分</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
