// updatePushToken (3:1) and updateDonnop (3:15). Nothing here sends pushes: the records are kept
// for a push provider, as the message push flags are (docs/im-messaging.md, "Push settings").
import type { Kysely } from 'kysely';
import type { DonnopSettings } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { Gateway, HandlerTable } from '../gateway/index.ts';
import { saveDonnop } from './donnop-store.ts';
import { registerPushToken } from './push-token-store.ts';
import type { ImDonnopTable } from './tables.ts';

export const toDonnop = (row: ImDonnopTable): DonnopSettings => ({
  open: row.open === 1,
  startTime: row.start_time,
  endTime: row.end_time,
  showDetail: row.show_detail === 1,
  updateTime: Number(row.updated_at),
});

export function pushSettingsHandlers(deps: {
  db: Kysely<Database>;
  gateway: Gateway;
  now: () => number;
}): HandlerTable {
  const { db, gateway, now } = deps;
  return {
    async updatePushToken({ session }, { tokenName, token, pushkit }) {
      const device = { appKey: session.appKey, accid: session.accid, deviceId: session.deviceId };
      const registration = { clientType: session.clientType, tokenName, token, pushkit: !!pushkit };
      await registerPushToken(db, device, registration, now());
    },

    async updateDonnop({ session, connection }, { donnop }) {
      const row: ImDonnopTable = {
        app_key: session.appKey,
        accid: session.accid,
        open: donnop.open ? 1 : 0,
        start_time: donnop.startTime,
        end_time: donnop.endTime,
        show_detail: donnop.showDetail === false ? 0 : 1,
        updated_at: now(),
      };
      await saveDonnop(db, row);
      const stored = toDonnop(row);
      await gateway.pushToAccount(session, 'donnopUpdated', { donnop: stored }, connection.id);
      return { donnop: stored };
    },
  };
}
