// Parameters of the user service's push settings (document 2, section 7 "Friends and users":
// push token, update donnop): the device's push token and the account's do-not-disturb window.
import { Type, type Static } from '@sinclair/typebox';
import { Params } from '../define.ts';
import { Time } from '../common.ts';

/** A time of day, 00:00 to 23:59, in the account's own time zone (the app decides which). */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

/**
 * A device's push token for the push certificate named by tokenName (as configured for the app).
 * An empty token unregisters the device: it gets no more offline pushes.
 */
export const PushToken = Params({
  tokenName: Type.String({ minLength: 1, maxLength: 128 }),
  token: Type.String({ maxLength: 512 }),
  /** iOS PushKit (VoIP) token rather than an APNs one. */
  pushkit: Type.Optional(Type.Boolean()),
});

/**
 * Do-not-disturb ("donnop"): while open, offline pushes between startTime and endTime are
 * silenced; the window may cross midnight (22:00 to 08:00).
 */
export const DonnopUpdate = Params({
  open: Type.Boolean(),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  /** Pushes show the message text (true, the default) or only that a message arrived. */
  showDetail: Type.Optional(Type.Boolean()),
});

export const Donnop = Type.Object({
  open: Type.Boolean(),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  showDetail: Type.Boolean(),
  updateTime: Time,
});

export type DonnopSettings = Static<typeof Donnop>;
