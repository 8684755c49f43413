// The push settings manager alone, on a fake context: the do-not-disturb window checked before
// sending, and kept from the sync, from other devices and from my own change.
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test-context.ts';
import { PushSettingsManager } from './push-settings-manager.ts';

const donnop = { open: true, startTime: '22:00', endTime: '07:30' };
const held = { ...donnop, showDetail: true, updateTime: 5 };

describe('PushSettingsManager', () => {
  it('refuses a window that is not HH:mm, and a push token without its certificate name', async () => {
    const context = fakeContext();
    const settings = new PushSettingsManager(context);
    await expect(
      settings.updateDonnop({ donnop: { ...donnop, endTime: '24:00' } }),
    ).rejects.toMatchObject({ message: 'donnop.endTime must be HH:mm' });
    await expect(settings.updatePushToken({ tokenName: '', token: 'x' })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    expect(context.sent).toEqual([]);
  });

  it('keeps the window from the sync and from other devices, and tells it', () => {
    const context = fakeContext();
    const settings = new PushSettingsManager(context);
    expect(settings.getDonnop()).toBeUndefined();
    context.push('syncDonnop', { donnop: held });
    context.push('donnopUpdated', { donnop: { ...held, open: false } });
    expect(settings.getDonnop()).toEqual({ ...held, open: false });
    expect(context.calls('ondonnop')).toHaveLength(2);
  });

  it('keeps the window the server answers for my change', async () => {
    const context = fakeContext({
      updateDonnop: ({ donnop: set }) => ({ donnop: { showDetail: false, ...set, updateTime: 9 } }),
    });
    const settings = new PushSettingsManager(context);
    const stored = { ...donnop, showDetail: false, updateTime: 9 };
    expect(await settings.updateDonnop({ donnop })).toEqual(stored);
    expect(settings.getDonnop()).toEqual(stored);
  });
});
