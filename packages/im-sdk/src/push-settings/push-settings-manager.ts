// Push settings (document 2, "Friends and users": push token, update donnop): this device's push
// token, and the account's do-not-disturb window, kept the same on every device of the account.
import { ImError, type DonnopSettings, type PushParams, type RequestOf } from '@morsel/protocol';
import type { Emit, OnPush, Send } from '../context.ts';
import { withDone, type Done } from '../util/done.ts';

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export interface PushSettingsContext {
  send: Send;
  onPush: OnPush;
  emit: Emit;
}

export class PushSettingsManager {
  private donnop: DonnopSettings | undefined;

  constructor(private readonly context: PushSettingsContext) {
    const held = ({ donnop }: PushParams<'syncDonnop' | 'donnopUpdated'>) => {
      this.donnop = donnop;
      this.context.emit('ondonnop', this.donnop);
    };
    this.context.onPush('syncDonnop', held);
    this.context.onPush('donnopUpdated', held);
  }

  /**
   * Registers this device's push token for the push certificate `tokenName`; an empty token
   * unregisters the device (e.g. at logout).
   */
  updatePushToken(options: RequestOf<'updatePushToken'> & { done?: Done<void> }) {
    const { done, ...params } = options;
    if (!params.tokenName)
      return withDone(Promise.reject(new ImError('Param_Error', 'tokenName is required')), done);
    return withDone(
      this.context.send('updatePushToken', params).then(() => {}),
      done,
    );
  }

  /** Sets the do-not-disturb window (times of day, HH:mm; it may cross midnight). */
  updateDonnop(options: {
    donnop: RequestOf<'updateDonnop'>['donnop'];
    done?: Done<DonnopSettings>;
  }) {
    const { donnop, done } = options;
    if (typeof donnop?.open !== 'boolean')
      return withDone(
        Promise.reject(new ImError('Param_Error', 'donnop.open must be a boolean')),
        done,
      );
    for (const field of ['startTime', 'endTime'] as const) {
      if (!TIME_OF_DAY.test(donnop[field]))
        return withDone(
          Promise.reject(new ImError('Param_Error', `donnop.${field} must be HH:mm`)),
          done,
        );
    }
    const work = this.context.send('updateDonnop', { donnop }).then((reply) => {
      this.donnop = reply.donnop;
      return reply.donnop;
    });
    return withDone(work, done);
  }

  /** The do-not-disturb settings as last synced or set; undefined when never set. */
  getDonnop(): DonnopSettings | undefined {
    return this.donnop;
  }
}
