// Per-account daily send quotas (security review H4): how many messages and how many stored
// bytes one account may send in a day (China time, as the SMS limits count days). Past either,
// sending is answered 419 until the day ends. Counted in this process's memory: cheap on the hot
// path (no extra write per message); with several processes behind one Redis each counts the
// sends it stores, so an account spread over N processes may send up to N times the quota, and a
// restart starts the day's count again (docs/im-messaging.md, Quotas).
import { CommandError } from '../gateway/index.ts';

export interface SendQuotaLimits {
  messagesPerDay: number;
  bytesPerDay: number;
}

const DAY_MS = 86_400_000;
/** China Standard Time, UTC+8, no daylight saving. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

export class SendQuotas {
  private day = -1;
  private readonly used = new Map<string, { messages: number; bytes: number }>();

  constructor(
    private readonly limits: SendQuotaLimits,
    private readonly now: () => number,
  ) {}

  /** Counts one message of `bytes` against the account's day, or throws 419 when it would pass a quota. */
  charge(appKey: string, accid: string, bytes: number): void {
    const day = Math.floor((this.now() + CHINA_OFFSET_MS) / DAY_MS);
    if (day !== this.day) {
      // A new day: yesterday's counts are dropped all at once (the map never outgrows a day's senders).
      this.day = day;
      this.used.clear();
    }
    const key = `${appKey}\u0000${accid}`;
    const used = this.used.get(key) ?? { messages: 0, bytes: 0 };
    if (used.messages + 1 > this.limits.messagesPerDay) {
      throw new CommandError(
        419,
        `an account may send at most ${this.limits.messagesPerDay} messages a day`,
      );
    }
    if (used.bytes + bytes > this.limits.bytesPerDay) {
      throw new CommandError(
        419,
        `an account may send at most ${this.limits.bytesPerDay} bytes of messages a day`,
      );
    }
    used.messages += 1;
    used.bytes += bytes;
    this.used.set(key, used);
  }
}
