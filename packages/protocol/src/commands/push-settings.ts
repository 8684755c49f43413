// Push settings of service user (3): the device's push token and the account's do-not-disturb
// window ("donnop"), with its multi-device push and sync. Shapes: shapes/push-settings.ts.
import { command, push, Params } from './define.ts';
import { Donnop, DonnopUpdate, PushToken } from './shapes/push-settings.ts';

export const pushSettingsCommands = {
  updatePushToken: command(3, 1, 'updatePushToken', { request: PushToken }),
  updateDonnop: command(3, 15, 'updateDonnop', {
    request: Params({ donnop: DonnopUpdate }),
    reply: Params({ donnop: Donnop }),
  }),
  /** Another device of this account changed the do-not-disturb settings. */
  donnopUpdated: push(3, 17, 'donnopUpdated', Params({ donnop: Donnop })),
  syncDonnop: push(3, 18, 'syncDonnop', Params({ donnop: Donnop })),
};
