// System messages (document 2: they start unread, state init; requests move to passed, rejected
// or error), unread counts per category and in total, and custom system messages.
import { ImError, LIMITS, SYSMSG_CATEGORIES, type CustomSysMsg, type SysMsg } from '@morsel/protocol';
import type { NimCore } from '../core.ts';
import { withDone, type Done } from '../util/done.ts';
import type { Constructor } from './mixin.ts';

export type SysMsgUnread = Record<(typeof SYSMSG_CATEGORIES)[number], number> & { total: number };

export function SysMsgsApi<TBase extends Constructor<NimCore>>(Base: TBase) {
  return class SysMsgs extends Base {
    private readonly heldSysMsgs = new Map<string, SysMsg>();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.onPush('syncOfflineSysMsgs', ({ sysMsgs }) => {
        const fresh = (sysMsgs as SysMsg[]).filter((m) => this.keepSysMsg(m));
        if (fresh.length) this.options.onofflinesysmsgs?.(fresh);
      });
      this.onSyncDone(() => this.options.onsysmsgunread?.(this.sysMsgUnread()));
      this.onPush('sysMsg', ({ sysMsg }) => {
        if (!this.keepSysMsg(sysMsg as SysMsg)) return;
        this.options.onsysmsg?.(sysMsg as SysMsg);
        this.options.onupdatesysmsgunread?.(this.sysMsgUnread());
      });
      this.onPush('sysMsgsRead', ({ ids }) => {
        this.markSysMsgsReadHere(ids as string[]);
        this.options.onupdatesysmsgunread?.(this.sysMsgUnread());
      });
      this.onPush('customSysMsg', ({ sysMsg }) => {
        const msg = sysMsg as CustomSysMsg & { from: string; time: number; idServer: string };
        // A super team's goes to its whole fan-out group, the sender included: skip my own.
        if (msg.scene === 'superTeam' && msg.from === this.account) return;
        this.options.oncustomsysmsg?.(msg);
      });
    }

    /** Unread system messages per category and in total. */
    sysMsgUnread(): SysMsgUnread {
      const counts = Object.fromEntries([...SYSMSG_CATEGORIES, 'total'].map((c) => [c, 0])) as SysMsgUnread;
      for (const msg of this.heldSysMsgs.values()) {
        if (msg.read) continue;
        counts[msg.category] += 1;
        counts.total += 1;
      }
      return counts;
    }

    /** The latest system messages held here (at most 100 per call). */
    getLocalSysMsgs(options: { limit?: number; category?: SysMsg['category'] } = {}): SysMsg[] {
      const limit = options.limit ?? LIMITS.localSysMsgsMaxLimit;
      if (limit < 1 || limit > LIMITS.localSysMsgsMaxLimit) throw new ImError('Param_Error', `limit must be 1 to ${LIMITS.localSysMsgsMaxLimit}`);
      return [...this.heldSysMsgs.values()]
        .filter((m) => !options.category || m.category === options.category)
        .sort((a, b) => b.time - a.time)
        .slice(0, limit);
    }

    markSysMsgRead(options: { sysMsgs: SysMsg[]; done?: Done<void> }) {
      const ids = options.sysMsgs.map((m) => m.idServer);
      if (ids.length < 1 || ids.length > LIMITS.localSysMsgsMaxLimit) {
        return withDone(Promise.reject(new ImError('Param_Error', 'sysMsgs must hold 1 to 100 messages')), options.done);
      }
      const work = this.sendCmd('markRead', { ids }).then(() => {
        this.markSysMsgsReadHere(ids);
        this.options.onupdatesysmsgunread?.(this.sysMsgUnread());
      });
      return withDone(work, options.done);
    }

    /** Sends a custom system message; its content is required. */
    sendCustomSysMsg(options: CustomSysMsg & { done?: Done<{ idServer: string; time: number }> }) {
      const { done, ...sysMsg } = options;
      if (!sysMsg.content) return withDone(Promise.reject(new ImError('Param_Error', 'a custom system message needs content')), done);
      if (!sysMsg.to) return withDone(Promise.reject(new ImError('Param_Error', 'to is required')), done);
      return withDone(this.sendCmd('sendCustomSysMsg', { sysMsg }), done);
    }

    private keepSysMsg(msg: SysMsg): boolean {
      const known = this.heldSysMsgs.get(msg.idServer);
      this.heldSysMsgs.set(msg.idServer, msg);
      return !known;
    }

    private markSysMsgsReadHere(ids: string[]): void {
      for (const id of ids) {
        const msg = this.heldSysMsgs.get(id);
        if (msg) msg.read = true;
      }
    }
  };
}
