// Push tokens in the store: at most one per device of an account, and a token names one device
// of one account, so registering it takes it from wherever it was before.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface DeviceKey {
  appKey: string;
  accid: string;
  deviceId: string;
}

export interface PushTokenRegistration {
  clientType: number;
  tokenName: string;
  /** Empty: the device unregisters. */
  token: string;
  pushkit: boolean;
}

/**
 * Sets the device's push token in one transaction: any other device or account holding the same
 * token loses it (a device that changed accounts must stop getting the old account's pushes),
 * the device's previous token goes, and the new one is stored unless it is empty.
 */
export async function registerPushToken(
  db: Kysely<Database>,
  device: DeviceKey,
  registration: PushTokenRegistration,
  now: number,
): Promise<void> {
  const { tokenName, token } = registration;
  await db.transaction().execute(async (trx) => {
    if (token) {
      await trx
        .deleteFrom('im_push_tokens')
        .where('app_key', '=', device.appKey)
        .where('token_name', '=', tokenName)
        .where('token', '=', token)
        .where((eb) =>
          eb.or([eb('accid', '!=', device.accid), eb('device_id', '!=', device.deviceId)]),
        )
        .execute();
    }
    await trx
      .deleteFrom('im_push_tokens')
      .where('app_key', '=', device.appKey)
      .where('accid', '=', device.accid)
      .where('device_id', '=', device.deviceId)
      .execute();
    if (!token) return;
    await trx
      .insertInto('im_push_tokens')
      .values({
        app_key: device.appKey,
        accid: device.accid,
        device_id: device.deviceId,
        client_type: registration.clientType,
        token_name: tokenName,
        token,
        pushkit: registration.pushkit ? 1 : 0,
        updated_at: now,
      })
      .execute();
  });
}
