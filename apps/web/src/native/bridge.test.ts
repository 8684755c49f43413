import { afterEach, describe, expect, it } from 'vitest';
import { invokeNative, nativeBridge, NativeBridgeError } from './bridge.ts';

interface Sent {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

function recordingApp(reply?: (sent: Sent) => unknown) {
  const sent: Sent[] = [];
  window.MorselNative = {
    invoke(message) {
      const call = JSON.parse(message) as Sent;
      sent.push(call);
      const answer = reply?.(call);
      if (answer !== undefined)
        queueMicrotask(() => window.morselBridgeReceive?.(call.id, answer as never));
    },
  };
  return sent;
}

afterEach(() => {
  delete window.MorselNative;
});

describe('native bridge client', () => {
  it('sends a toast with the 1500 ms default', () => {
    const sent = recordingApp();
    nativeBridge.toast('已复制');
    expect(sent).toEqual([
      { id: expect.any(String), method: 'toast', params: { message: '已复制', duration: 1500 } },
    ]);
  });

  it('resolves a call with the app reply, given as an object or as JSON text', async () => {
    recordingApp((call) =>
      call.method === 'login'
        ? { ok: true, data: { loggedIn: true } }
        : '{"ok":true,"data":{"shared":true,"channel":"wechat"}}',
    );
    await expect(nativeBridge.login('/activity/sign/award')).resolves.toEqual({ loggedIn: true });
    await expect(
      nativeBridge.share({
        link: 'https://x/a',
        title: 't',
        description: 'd',
        imgUrl: 'https://x/i.png',
      }),
    ).resolves.toEqual({ shared: true, channel: 'wechat' });
  });

  it('rejects when the app refuses', async () => {
    recordingApp(() => ({ ok: false, error: 'cancelled' }));
    await expect(invokeNative('login', { redirect: '/' })).rejects.toEqual(
      new NativeBridgeError('cancelled'),
    );
  });

  it('queues calls made before the app injected its bridge and sends them on MorselNativeReady', async () => {
    const call = invokeNative('login', { redirect: '/x' });
    const sent = recordingApp((c) => ({
      ok: true,
      data: { loggedIn: c.params.redirect === '/x' },
    }));
    expect(sent).toEqual([]);
    window.dispatchEvent(new Event('MorselNativeReady'));
    await expect(call).resolves.toEqual({ loggedIn: true });
    expect(sent.map((s) => s.method)).toEqual(['login']);
  });
});
