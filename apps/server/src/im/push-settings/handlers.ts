// updatePushToken (3:1) and updateDonnop (3:15). Nothing here sends pushes: the records are kept
// for a push provider, as the message push flags are (docs/im-messaging.md, "Push settings").
import type { Kysely } from 'kysely';
import type { DonnopSettings } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { Gateway, HandlerTable } from '../gateway/index.ts';
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
      await db.transaction().execute(async (trx) => {
        // A token names one device of one account: a device that changed accounts must stop
        // getting the old account's pushes.
        if (token) {
          await trx
            .deleteFrom('im_push_tokens')
            .where('app_key', '=', session.appKey)
            .where('token_name', '=', tokenName)
            .where('token', '=', token)
            .where((eb) =>
              eb.or([eb('accid', '!=', session.accid), eb('device_id', '!=', session.deviceId)]),
            )
            .execute();
        }
        await trx
          .deleteFrom('im_push_tokens')
          .where('app_key', '=', session.appKey)
          .where('accid', '=', session.accid)
          .where('device_id', '=', session.deviceId)
          .execute();
        if (!token) return; // an empty token unregisters the device
        await trx
          .insertInto('im_push_tokens')
          .values({
            app_key: session.appKey,
            accid: session.accid,
            device_id: session.deviceId,
            client_type: session.clientType,
            token_name: tokenName,
            token,
            pushkit: pushkit ? 1 : 0,
            updated_at: now(),
          })
          .execute();
      });
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
      const { app_key: _app, accid: _accid, ...changes } = row;
      await db
        .insertInto('im_donnop')
        .values(row)
        .onConflict((oc) => oc.columns(['app_key', 'accid']).doUpdateSet(changes))
        .execute();
      const stored = toDonnop(row);
      await gateway.pushToAccount(session, 'donnopUpdated', { donnop: stored }, connection.id);
      return { donnop: stored };
    },
  };
}
