// One-to-one messages with two and three real SDK clients against the real server.
import { describe, expect, it } from 'vitest';
import { NIM, type ClientMsg } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';
import { demoOptions, Events } from './clients.ts';
import { startTestServer } from '../harness/index.ts';
import { CommandError } from '../../src/im/gateway/errors.ts';
import { SyncSources } from '../../src/im/gateway/handlers/sync.ts';
import type { HandlerContext } from '../../src/im/gateway/handlers/types.ts';
import { registerMessagingSync } from '../../src/im/messaging/sync.ts';
import { insertMessage } from '../../src/im/messaging/index.ts';

const suite = imSuite({ fresh: 'all' });
const client = suite.client;
const opened = suite.opened;

/**
 * A server of the test's own whose clock (the IM's one clock) runs `later` ahead of real time,
 * and its real sync handler (for a test to wrap). `stop` closes the test's clients and the server.
 */
async function ownServerWithClock() {
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const own = await startTestServer({ imCommandsPerSecond: 10_000 }, { clock });
  return {
    own,
    real: own.server.imGateway.syncSources.handlers().sync!,
    later: (ms: number) => (offset = ms),
    async stop() {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await own.stop();
    },
  };
}

const idServers = (msgs: ClientMsg[]) => msgs.map((m) => m.idServer);

describe('sending and receiving', () => {
  it('delivers every message type with its payload', async () => {
    const a = await client(0);
    const b = await client(1);
    const to = { scene: 'p2p' as const, to: 'demo2' };
    const file = {
      url: 'https://cdn.example.com/f/1',
      ext: 'jpg',
      size: 2048,
      w: 640,
      h: 480,
      md5: 'abc',
    };
    const sent = [
      await a.nim.sendText({
        ...to,
        text: '你好，今天的坚果到货了',
        custom: '{"k":1}',
        pushContent: '新消息',
      }),
      await a.nim.sendFile({ ...to, type: 'image', file }),
      await a.nim.sendFile({
        ...to,
        type: 'audio',
        file: { url: 'https://cdn.example.com/a.aac', ext: 'aac', size: 99, dur: 3000 },
      }),
      await a.nim.sendFile({
        ...to,
        type: 'video',
        file: {
          url: 'https://cdn.example.com/v.mp4',
          ext: 'mp4',
          size: 999,
          dur: 5000,
          w: 720,
          h: 1280,
        },
      }),
      await a.nim.sendFile({
        ...to,
        file: { url: 'https://cdn.example.com/menu.pdf', ext: 'pdf', size: 5000, name: '菜单.pdf' },
      }),
      await a.nim.sendGeo({ ...to, geo: { lng: 121.47, lat: 31.23, title: '上海门店' } }),
      await a.nim.sendTipMsg({ ...to, tip: '店员已加入会话' }),
      await a.nim.sendRobotMsg({
        ...to,
        robotAccid: 'bot',
        content: { type: 'text', content: '查询订单' },
      }),
      await a.nim.sendCustomMsg({ ...to, content: '{"type":"coupon","id":7}' }),
    ];
    expect(sent.map((m) => m.type)).toEqual([0, 1, 2, 3, 6, 4, 10, 11, 100]);
    expect(sent.every((m) => m.status === 'success' && m.flow === 'out' && m.idServer)).toBe(true);
    await b.events.until(() => b.events.all('msg').length === sent.length);
    const received = b.events.all<ClientMsg>('msg');
    expect(idServers(received)).toEqual(idServers(sent));
    expect(received[0]).toMatchObject({
      text: '你好，今天的坚果到货了',
      custom: '{"k":1}',
      from: 'demo1',
      fromNick: '小零',
      flow: 'in',
      sessionId: 'p2p-demo1',
      target: 'demo1',
      status: 'success',
    });
    expect(received[1]!.file).toEqual(file);
    expect(received[5]!.geo).toEqual({ lng: 121.47, lat: 31.23, title: '上海门店' });
    expect(received[7]!.robot).toEqual({ robotAccid: 'bot', type: 'text', content: '查询订单' });
    // Every field the sender set arrives as sent, for every type.
    const wireFields = (m: ClientMsg) => {
      const {
        flow: _flow,
        sessionId: _sessionId,
        target: _target,
        status: _status,
        fromNick: _nick,
        fromClientType: _ct,
        fromDeviceId: _dev,
        ...fields
      } = m;
      return fields;
    };
    received.forEach((m, i) => expect(wireFields(m)).toEqual(wireFields(sent[i]!)));
    expect(received[2]!.file).toEqual({
      url: 'https://cdn.example.com/a.aac',
      ext: 'aac',
      size: 99,
      dur: 3000,
    });
    expect(received[3]!.file).toEqual({
      url: 'https://cdn.example.com/v.mp4',
      ext: 'mp4',
      size: 999,
      dur: 5000,
      w: 720,
      h: 1280,
    });
    expect(received[4]!.file).toMatchObject({ name: '菜单.pdf', ext: 'pdf' });
    expect(received[6]!.text).toBe('店员已加入会话');
    expect(received[8]!.content).toBe('{"type":"coupon","id":7}');
    expect(received[0]).toMatchObject({ pushContent: '新消息', fromClientType: 16, to: 'demo2' });
    expect(received.map((m) => m.seq)).toEqual(
      [...received.map((m) => m.seq)].sort((x, y) => x! - y!),
    );
  });

  it('refuses what the spec refuses, with its messages, before sending anything', async () => {
    const a = await client(0);
    const to = { scene: 'p2p' as const, to: 'demo2' };
    const held = a.nim.getLocalMsgs({ sessionId: 'p2p-demo2', limit: 1000 }).length;
    await expect(a.nim.sendText({ ...to, text: '' })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'text is required',
    });
    await expect(
      a.nim.sendFile({ ...to, file: { url: '', ext: 'jpg', size: 1 } }),
    ).rejects.toMatchObject({ message: 'file needs url, ext and size' });
    await expect(
      a.nim.sendGeo({ ...to, geo: { lng: '1' as unknown as number, lat: 2, title: 'x' } }),
    ).rejects.toMatchObject({ message: 'geo needs lng and lat numbers and a title string' });
    await expect(
      a.nim.sendRobotMsg({ ...to, robotAccid: 'bot', content: { type: 'link' } }),
    ).rejects.toMatchObject({ message: 'robot link needs target' });
    await expect(
      a.nim.sendRobotMsg({ ...to, robotAccid: 'bot', content: { type: 'text' } }),
    ).rejects.toMatchObject({ message: 'robot text needs content' });
    await expect(a.nim.sendCustomMsg({ ...to, content: '' })).rejects.toMatchObject({
      message: 'custom messages need content',
    });
    await expect(
      a.nim.sendText({
        scene: 'team',
        to: '1',
        text: 'x',
        apns: { accounts: 'demo2' as unknown as string[] },
      }),
    ).rejects.toMatchObject({ code: 'Param_Error', message: 'apns accounts must be an array' });
    const video = { url: 'https://cdn.example.com/v.mp4', ext: 'mp4', size: 9 };
    await expect(
      a.nim.sendFile({ ...to, type: 'video', file: { ...video, dur: -5 } }),
    ).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'file dur must be a non-negative integer',
    });
    await expect(
      a.nim.sendFile({ ...to, type: 'image', file: { ...video, w: 1.5 } }),
    ).rejects.toMatchObject({ message: 'file w must be a non-negative integer' });
    await expect(
      a.nim.sendFile({ ...to, type: 'image', file: { ...video, h: -1 } }),
    ).rejects.toMatchObject({ message: 'file h must be a non-negative integer' });
    await expect(
      a.nim.getMsgsByIdServer({
        reqMsgs: Array.from(
          { length: 101 },
          () =>
            ({
              scene: 'p2p',
              from: 'demo1',
              to: 'demo2',
              idServer: '1',
              idClient: 'x',
              time: 1,
            }) as ClientMsg,
        ),
      }),
    ).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'reqMsgs must hold 1 to 100 messages',
    });
    await expect(a.nim.getHistoryMsgs({ ...to, limit: 101 })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(a.nim.getMsgsByIdServer({ reqMsgs: [] })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    expect(() => a.nim.getLocalMsgs({ sessionId: 'p2p-demo2', limit: 0 })).toThrow(/at least 1/);
    expect(() => a.nim.getLocalMsgs({ sessionId: 'p2p-demo2', start: 10, end: 5 })).toThrow(
      /later than start/,
    );
    expect(a.nim.getLocalMsgs({ sessionId: 'p2p-demo2', limit: 1000 })).toHaveLength(held); // nothing stored
  });

  it('answers the suite.server-side rules too: unknown recipient 404, client notifications 414', async () => {
    const a = await client(0);
    await expect(
      a.nim.sendText({ scene: 'p2p', to: 'nobody-here', text: 'hi' }),
    ).rejects.toMatchObject({ code: 404 });
    const raw = { scene: 'p2p' as const, to: 'demo2', type: 5 as const, idClient: 'n1', text: 'x' };
    await expect(a.nim.sendCmd('sendMsg', { msg: raw })).rejects.toMatchObject({ code: 414 });
    await expect(
      a.nim.sendCmd('sendMsg', { msg: { ...raw, type: 0, resend: true, idClient: '' } }),
    ).rejects.toMatchObject({ code: 414, message: expect.stringMatching(/^msg\.idClient/) });
    await expect(
      a.nim.sendCmd('sendMsg', {
        msg: { ...raw, type: 3, file: { url: 'u', ext: 'mp4', size: 1, dur: -1 } },
      }),
    ).rejects.toMatchObject({ code: 414 });
    const key = {
      scene: 'p2p' as const,
      from: 'demo1',
      to: 'demo2',
      idServer: '1',
      idClient: 'x',
      time: 1,
    };
    await expect(
      a.nim.sendCmd('getMsgsByIdServer', { reqMsgs: Array.from({ length: 101 }, () => key) }),
    ).rejects.toMatchObject({ code: 414 });
    await expect(
      a.nim.sendCmd('sendMsg', { msg: { ...raw, type: 0, extra: 1 } as never }),
    ).rejects.toMatchObject({ code: 414 });
    await expect(a.nim.sendText({ scene: 'team', to: '1', text: 'x' })).rejects.toMatchObject({
      code: 803,
    });
    await expect(a.nim.sendText({ scene: 'superTeam', to: '1', text: 'x' })).rejects.toMatchObject({
      code: 803,
    });
  });

  it('keeps a local message on the device: success at once, never delivered', async () => {
    const a = await client(0);
    const b = await client(1);
    const local = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '草稿', isLocal: true });
    expect(local).toMatchObject({ status: 'success', isLocal: true });
    expect(local.idServer).toBeUndefined();
    await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '真的发出' });
    await b.events.until(() => b.events.all('msg').length === 1);
    expect(b.events.all<ClientMsg>('msg').map((m) => m.text)).toEqual(['真的发出']);
    await expect(a.nim.deleteMsg({ msg: local })).rejects.toMatchObject({
      message: 'only messages you sent to others, sent successfully and not local can be deleted',
    });
  });

  it('shows my messages from another device as outgoing, never unread', async () => {
    const phone = await client(0, { deviceId: 'a-phone' });
    const tab = await client(0, { deviceId: 'a-tab' });
    await phone.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'from the phone' });
    const [mine] = await tab.events
      .until(() => tab.events.all('msg').length === 1)
      .then(() => tab.events.all<ClientMsg>('msg'));
    expect(mine).toMatchObject({ flow: 'out', sessionId: 'p2p-demo2' });
    expect(tab.nim.getLocalSession('p2p-demo2')).toMatchObject({ unread: 0 });
  });
});

describe('resend and duplicates', () => {
  it('resends a failed message with its idClient; only failed messages can be resent', async () => {
    const events = new Events();
    const a = NIM.getInstance({ ...demoOptions(suite.server, 0), ...events.callbacks() });
    opened.push(a);
    const failed = await a
      .sendText({ scene: 'p2p', to: 'demo2', text: '断网时发的' })
      .catch((e: { event: { msg: ClientMsg } }) => e.event.msg);
    expect(failed.status).toBe('fail');
    await a.connect();
    const b = await client(1);
    const resent = await a.resendMsg({ msg: failed });
    expect(resent).toMatchObject({ idClient: failed.idClient, status: 'success' });
    await expect(a.resendMsg({ msg: resent })).rejects.toMatchObject({
      message: 'only failed messages can be resent',
    });
    // A failed message was never sent: it cannot be recalled either.
    const unsent = await a
      .sendText({ scene: 'p2p', to: 'nobody-here', text: 'x' })
      .catch((e: { event: { msg: ClientMsg } }) => e.event.msg);
    expect(unsent.status).toBe('fail');
    await expect(a.deleteMsg({ msg: unsent })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'only messages you sent to others, sent successfully and not local can be deleted',
    });
    const incoming = await b.nim.sendText({
      scene: 'p2p',
      to: 'demo1',
      text: 'not yours to resend',
    });
    await expect(
      a.resendMsg({ msg: { ...incoming, flow: 'in', status: 'fail' } }),
    ).rejects.toMatchObject({ message: 'only failed messages can be resent' });
    await b.events.until(() => b.events.all('msg').length === 1);
  });

  it('stores a message once however often its idClient is sent, and shows it once', async () => {
    const a = await client(0);
    const b = await client(1);
    const first = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'once' });
    const again = await a.nim.sendCmd('sendMsg', {
      msg: {
        scene: 'p2p',
        to: 'demo2',
        type: 0,
        text: 'once',
        idClient: first.idClient,
        resend: true,
      },
    });
    expect(again.msg.idServer).toBe(first.idServer);
    await b.nim.getServerTime(); // both pushes have arrived by now: they precede this reply
    await new Promise((r) => setTimeout(r, 100));
    expect(b.events.all<ClientMsg>('msg').map((m) => m.idServer)).toEqual([first.idServer]);
    const history = await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 10 });
    expect(history.msgs.filter((m) => m.idClient === first.idClient)).toHaveLength(1);
  });

  it('forwards a copy with a new idClient', async () => {
    const a = await client(0);
    const original = await a.nim.sendGeo({
      scene: 'p2p',
      to: 'demo2',
      geo: { lng: 1, lat: 2, title: '门店' },
    });
    const copy = await a.nim.forwardMsg({ msg: original, scene: 'p2p', to: 'demo3' });
    expect(copy.idClient).not.toBe(original.idClient);
    expect(copy).toMatchObject({ type: 4, geo: original.geo, to: 'demo3', status: 'success' });
  });
});

describe('offline delivery and reconnects', () => {
  it('delivers messages sent while offline once, at login, with the unread count', async () => {
    const a = await client(0);
    const sent: ClientMsg[] = [];
    for (let i = 0; i < 30; i++)
      sent.push(await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: `offline ${i}` }));
    const c = await client(2);
    const offline = c.events
      .all<{ sessionId: string; msgs: ClientMsg[] }>('offlinemsgs')
      .concat(c.events.all('roamingmsgs'));
    const delivered = offline
      .flatMap((batch) => batch.msgs)
      .filter((m) => m.sessionId === 'p2p-demo1');
    for (const msg of sent)
      expect(delivered.filter((m) => m.idServer === msg.idServer)).toHaveLength(1);
    expect(c.events.all('msg')).toEqual([]);
    const session = c.nim.getLocalSession('p2p-demo1')!;
    expect(session.unread).toBeGreaterThanOrEqual(30);
    expect(session.lastMsg?.idServer).toBe(sent.at(-1)!.idServer);
  });

  it('loses nothing and shows nothing twice when the receiver reconnects mid-stream', async () => {
    const a = await client(0);
    const b = await client(1);
    const seen = new Map<string, number>();
    const count = (msg: ClientMsg) => seen.set(msg.idServer!, (seen.get(msg.idServer!) ?? 0) + 1);
    const total = 120;
    const sending = (async () => {
      const out: ClientMsg[] = [];
      for (let i = 0; i < total; i++)
        out.push(await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `stream ${i}` }));
      return out;
    })();
    await b.events.until(() => b.events.all('msg').length >= 20);
    // The suite.server drops the receiver's connection (as a process shutdown would): it reconnects.
    await suite.server.server.imGateway.gateway.kick(
      { appKey: suite.server.server.seeded.appKey, accid: 'demo2' },
      undefined,
      'silentlyKick',
    );
    const sent = await sending;
    await b.events.until(() => {
      seen.clear();
      for (const msg of b.events.all<ClientMsg>('msg')) count(msg);
      for (const batch of b.events.all<{ msgs: ClientMsg[] }>('offlinemsgs'))
        batch.msgs.forEach(count);
      return sent.every((m) => seen.has(m.idServer!));
    }, 30_000);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const local = b.nim
      .getLocalMsgs({ sessionId: 'p2p-demo1', limit: 1000, desc: false })
      .filter((m) => m.text?.startsWith('stream'));
    expect(local.map((m) => m.text)).toEqual(sent.map((m) => m.text));
  });

  it('does not send again at the next sync what arrived live (older than the margin), and loses nothing', async () => {
    const { own, real, later, stop } = await ownServerWithClock();
    try {
      const asked: number[] = [];
      own.server.imGateway.gateway.use({
        sync: (context, params) => {
          if (context.connection.session?.accid === 'demo2')
            asked.push(params.timetags.offlineMsgs ?? 0);
          return real(context, params);
        },
      });
      const a = await client(0, {}, own);
      const b = await client(1, {}, own);
      const early: ClientMsg[] = [];
      for (let i = 0; i < 5; i++)
        early.push(await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `early ${i}` }));
      await b.events.until(() => b.events.all('msg').length === 5);
      later(120_000); // two minutes later, one more arrives live
      const late = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'late' });
      await b.events.until(() => b.events.all('msg').length === 6);
      await b.nim.disconnect();
      const away = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'while away' });
      await b.nim.connect();
      await b.events.until(() => b.events.all('syncdone').length === 2);
      // The reconnect's sync asked from the late message's time less the margin: past the early ones.
      expect(asked).toHaveLength(2);
      expect(asked[1]).toBe(late.time - 60_000);
      expect(asked[1]).toBeGreaterThan(early.at(-1)!.time);
      const offline = b.events
        .all<{ msgs: ClientMsg[] }>('offlinemsgs')
        .flatMap((batch) => batch.msgs);
      expect(idServers(offline)).toEqual([away.idServer]);
      const held = b.nim.getLocalMsgs({ sessionId: 'p2p-demo1', limit: 100, desc: false });
      expect(held.map((m) => m.text)).toEqual([...early.map((m) => m.text), 'late', 'while away']);
    } finally {
      await stop();
    }
  });
  it('moves no timetag with live messages after a failed sync: the next sync still owes them', async () => {
    const { own, real, later, stop } = await ownServerWithClock();
    try {
      const asked: number[] = [];
      let failing = true;
      own.server.imGateway.gateway.use({
        sync: (context, params) => {
          if (context.connection.session?.accid !== 'demo2') return real(context, params);
          asked.push(params.timetags.offlineMsgs ?? 0);
          if (failing) throw new CommandError(501, 'database failure');
          return real(context, params);
        },
      });
      const a = await client(0, {}, own);
      const before = await a.nim.sendText({
        scene: 'p2p',
        to: 'demo2',
        text: 'before the failed sync',
      });
      const b = await client(1, {}, own);
      expect(b.events.all<{ code: string }>('error').map((e) => e.code)).toEqual([
        'SYNC_DATA_ERROR',
      ]);
      later(120_000);
      await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'live' });
      await b.events.until(() => b.events.all('msg').length === 1);
      failing = false;
      await b.nim.disconnect();
      await b.nim.connect();
      await b.events.until(() => b.events.all('syncdone').length === 2);
      expect(asked.at(-1)).toBe(0);
      const synced = b.events
        .all<{ msgs: ClientMsg[] }>('roamingmsgs')
        .flatMap((batch) => batch.msgs);
      expect(idServers(synced)).toEqual([before.idServer]);
    } finally {
      await stop();
    }
  });
  it('does not step over a message committed after the sync with an earlier time than its clock (timetag from the newest row)', async () => {
    const a = await client(0);
    const first = await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: '同步前' });
    const sources = new SyncSources(undefined, suite.server.server.store.db);
    registerMessagingSync(sources, suite.server.server.store, Date.now);
    const pushed: ClientMsg[] = [];
    const context = {
      session: { appKey: suite.server.server.seeded.appKey, accid: 'demo3' },
      connection: {
        push: (name: string, params: { msgs?: ClientMsg[] }) =>
          name === 'syncOfflineMsgs' && pushed.push(...params.msgs!),
      },
      now: () => Date.now(),
    } as unknown as HandlerContext;
    const sync = sources.handlers().sync!;
    // The sync runs at least 5 ms after the first message got its time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const synced = await sync(context, { timetags: { offlineMsgs: first.time - 1 } });
    expect(idServers(pushed)).toEqual([first.idServer]);
    // A send that took its time before the sync's query but committed after it (another
    // conversation, so its time is exactly the one it took).
    const { appKey } = suite.server.server.seeded;
    const late = await insertMessage(suite.server.server.store.db, {
      appKey,
      convKey: 'p2p:demo2|demo3',
      now: first.time + 1,
      body: {
        scene: 'p2p',
        to: 'demo3',
        type: 0,
        text: '晚提交',
        idClient: `late-${Date.now()}`,
        from: 'demo2',
        fromNick: 'demo2',
        fromClientType: 16,
        fromDeviceId: 'd',
      },
    });
    expect(late.msg.time).toBeLessThan(first.time + 5);
    pushed.length = 0;
    await sync(context, { timetags: synced!.timetags });
    expect(idServers(pushed)).toEqual([String(late.id)]);
  });

  it('treats a timetag older than the roaming window as a roaming request', async () => {
    const a = await client(0);
    const recent = await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: '最近的' });
    const sources = new SyncSources(undefined, suite.server.server.store.db);
    registerMessagingSync(sources, suite.server.server.store, Date.now);
    const pushes: string[] = [];
    const context = {
      session: { appKey: suite.server.server.seeded.appKey, accid: 'demo3' },
      connection: {
        push: (name: string) => pushes.push(name),
      },
      now: () => Date.now(),
    } as unknown as HandlerContext;
    // A device last synced 30 days ago: no offline stream from then, the roaming window instead.
    const synced = await sources.handlers().sync!(context, {
      timetags: { offlineMsgs: Date.now() - 30 * 86_400_000 },
    });
    expect(pushes.filter((name) => name.endsWith('Msgs'))).toEqual(['syncRoamingMsgs']);
    expect(synced!.timetags.offlineMsgs).toBeGreaterThanOrEqual(recent.time);
  });

  it('moves a first sync with nothing to send on, so what comes later is offline, not roaming again', async () => {
    const a = await client(0);
    const sources = new SyncSources(undefined, suite.server.server.store.db);
    registerMessagingSync(sources, suite.server.server.store, Date.now);
    const pushes: { name: string; msgs?: ClientMsg[] }[] = [];
    const context = {
      session: { appKey: suite.server.server.seeded.appKey, accid: 'demo3' },
      connection: {
        push: (name: string, params: { msgs?: ClientMsg[] }) => pushes.push({ name, ...params }),
      },
      now: () => Date.now(),
    } as unknown as HandlerContext;
    const sync = sources.handlers().sync!;
    // demo3 has no one-to-one messages from demo1 in this test's new conversation yet; a new device.
    const first = await sync(context, { timetags: {} });
    expect(first!.timetags.offlineMsgs).toBeGreaterThan(0);
    pushes.length = 0;
    const later = await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: '之后来的' });
    await sync(context, { timetags: first!.timetags });
    const msgPushes = pushes.filter((p) => p.msgs);
    expect(msgPushes.map((p) => p.name)).toEqual(['syncOfflineMsgs']);
    expect(idServers(msgPushes.flatMap((p) => p.msgs!))).toContain(later.idServer);
  });

  it('pages the offline sync by (time, id), one page of rows at a time, and takes the timetag from the newest row', async () => {
    const a = await client(0);
    const sent: ClientMsg[] = [];
    for (let i = 0; i < 5; i++)
      sent.push(await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: `paged ${i}` }));
    // The messaging sync reading 2 rows a page, as demo3's device that synced just before these.
    const sources = new SyncSources(undefined, suite.server.server.store.db);
    registerMessagingSync(sources, suite.server.server.store, Date.now, { pageRows: 2 });
    const pushes: ClientMsg[][] = [];
    const context = {
      session: { appKey: suite.server.server.seeded.appKey, accid: 'demo3' },
      connection: {
        push: (name: string, params: { msgs?: ClientMsg[] }) =>
          name === 'syncOfflineMsgs' && pushes.push(params.msgs!),
      },
      now: () => Date.now(),
    } as unknown as HandlerContext;
    const sync = sources.handlers().sync!;
    const first = await sync(context, { timetags: { offlineMsgs: sent[0]!.time - 1 } });
    // Three pages (2, 2, 1 rows), each pushed before the next is read; everything in one sync.
    expect(pushes.map((push) => push.length)).toEqual([2, 2, 1]);
    expect(idServers(pushes.flat())).toEqual(idServers(sent));
    expect(first!.timetags.offlineMsgs).toBe(sent[4]!.time);
    pushes.length = 0;
    // Nothing new: nothing sent and the timetag stays (not the clock, which may be past a row
    // committed later with an earlier time).
    const second = await sync(context, { timetags: first!.timetags });
    expect(pushes).toEqual([]);
    expect(second!.timetags.offlineMsgs).toBe(sent[4]!.time);
  });
});
