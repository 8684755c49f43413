// Customer service (issue 23, docs/customer-service.md, decision 0056) over real HTTP on both
// engines: agents are named by the admin API; a shopper's conversation goes to the online agent
// with the fewest open conversations, or waits until one comes online; messages reach the
// assigned agent and back; a transfer moves the conversation (and its history) to another
// online agent; and the server refuses every call outside someone's role: a shopper in another's
// conversation, a non-agent at the queue, an agent replying to a conversation not theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Shopper,
} from '../campaigns/helpers.ts';
import { MAX_OPEN_PER_AGENT, ONLINE_TTL_MS } from '../../src/customer-service/service.ts';

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`customer service (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let amy: Shopper, ben: Shopper, cat: Shopper, stranger: Shopper;
    let shopper1: Shopper, shopper2: Shopper, shopper3: Shopper;

    beforeAll(async () => {
      const extra = await overrides();
      if (!extra) return;
      s = await startCampaignServer(extra);
      const made = await Promise.all(Array.from({ length: 7 }, () => newShopper(s!)));
      [amy, ben, cat, shopper1, shopper2, shopper3, stranger] = made as [
        Shopper,
        Shopper,
        Shopper,
        Shopper,
        Shopper,
        Shopper,
        Shopper,
      ];
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const as = (who: Shopper) => ({
      get: (path: string) => call(s!.url, 'GET', path, { ut: who.ut }),
      post: (path: string, body: unknown = {}) => call(s!.url, 'POST', path, { ut: who.ut, body }),
      del: (path: string) => call(s!.url, 'DELETE', path, { ut: who.ut }),
    });
    const online = (who: Shopper, on = true) =>
      as(who).post('/api/cs/agent/status', { online: on });
    const open = async (who: Shopper) =>
      data(await as(who).post('/api/cs/conversations', { source: '/activity/sign/index' }));
    const messages = async (who: Shopper, id: number) =>
      data(await as(who).get(`/api/cs/conversations/${id}/messages`)).messages as {
        from: string;
        text: string;
        agentName: string;
      }[];

    it('names agents through the admin API only, by a mobile that has logged in', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const path = '/admin/api/cs/agents';
      expect(
        (await call(s.url, 'POST', path, { body: { mobile: amy.mobile, name: 'x' } })).status,
      ).toBe(401);
      expect(
        (await admin(s.url, 'POST', path, { mobile: '13912345678', name: '无名' })).body.code,
      ).toBe(65308);
      expect((await admin(s.url, 'POST', path, { mobile: amy.mobile, name: '' })).body.code).toBe(
        10001,
      );
      for (const [who, name] of [
        [amy, '小安'],
        [ben, '小本'],
        [cat, '小猫'],
      ] as const) {
        s.clock.advance(1000); // the tie of equal loads goes to who joined first
        const made = await admin(s.url, 'POST', path, { mobile: who.mobile, name });
        expect(made.status).toBe(201);
        expect(data(made)).toMatchObject({ userId: who.id, name, online: false, load: 0 });
        expect(data(made).accid).toMatch(/^shopper/);
      }
      const team = data(await admin(s.url, 'GET', path)).agents as { userId: number }[];
      expect(team.map((a) => a.userId)).toEqual(expect.arrayContaining([amy.id, ben.id, cat.id]));
    });

    it('keeps the workspace to agents', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      for (const path of [
        '/api/cs/agent',
        '/api/cs/agent/queue',
        '/api/cs/agents',
        '/api/cs/agent/quick-replies',
      ])
        expect((await as(stranger).get(path)).body.code).toBe(65300);
      expect((await online(stranger)).body.code).toBe(65300);
      expect((await call(s.url, 'GET', '/api/cs/agent/queue')).body.code).toBe(-331007);
    });

    it('lets a conversation wait while no agent is online, and gives it to the first who comes online', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const first = await open(shopper1);
      expect(first).toMatchObject({
        state: 'waiting',
        agentName: '',
        source: '/activity/sign/index',
      });
      // Opening again (a second tab, a second tap) finds the same conversation.
      expect((await open(shopper1)).id).toBe(first.id);
      expect((await messages(shopper1, first.id)).map((m) => m.from)).toEqual(['system']);
      expect(data(await as(ben).get('/api/cs/agent/queue')).waiting).toContainEqual(
        expect.objectContaining({ id: first.id, state: 'waiting' }),
      );
      // An agent may read a waiting conversation before taking it, but not write to it.
      expect((await as(ben).get(`/api/cs/conversations/${first.id}/messages`)).body.code).toBe(0);
      expect(
        (await as(ben).post(`/api/cs/conversations/${first.id}/messages`, { text: '你好' })).body
          .code,
      ).toBe(65302);

      expect(data(await online(amy))).toMatchObject({ online: true, load: 1 });
      const taken = data(await as(shopper1).get(`/api/cs/conversations/${first.id}/messages`));
      expect(taken.conversation).toMatchObject({ state: 'open', agentName: '小安' });
      expect(taken.messages.at(-1)).toMatchObject({ from: 'system', text: '客服「小安」为您服务' });
    });

    it('routes a new conversation to the online agent with the fewest open ones', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      // amy has one (shopper1's); ben comes online with none: shopper2 goes to ben.
      await online(ben);
      const second = await open(shopper2);
      expect(second).toMatchObject({ state: 'open', agentName: '小本' });
      // Now both have one: the tie goes to the agent who joined first (amy).
      const third = await open(shopper3);
      expect(third).toMatchObject({ state: 'open', agentName: '小安' });
      const agents = data(await as(amy).get('/api/cs/agents')).agents as {
        userId: number;
        load: number;
        online: boolean;
      }[];
      expect(agents.find((a) => a.userId === amy.id)).toMatchObject({ load: 2, online: true });
      expect(agents.find((a) => a.userId === ben.id)).toMatchObject({ load: 1, online: true });
      expect(agents.find((a) => a.userId === cat.id)).toMatchObject({ load: 0, online: false });
      // An agent who stops beating goes offline by the clock.
      s.clock.advance(ONLINE_TTL_MS + 1);
      expect(data(await as(amy).get('/api/cs/agent')).online).toBe(false);
      await online(amy);
      await online(ben);
    });

    it('carries the shopper’s messages to the assigned agent and the agent’s back', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const conversation = await open(shopper2); // ben's
      const sent = data(
        await as(shopper2).post(`/api/cs/conversations/${conversation.id}/messages`, {
          text: '我的奖品什么时候发货？',
        }),
      );
      expect(sent).toMatchObject({ from: 'shopper', text: '我的奖品什么时候发货？' });
      const queue = data(await as(ben).get('/api/cs/agent/queue'));
      expect(queue.mine).toContainEqual(
        expect.objectContaining({
          id: conversation.id,
          lastText: '我的奖品什么时候发货？',
          awaitingReply: true,
          mobile: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
        }),
      );
      expect((await messages(ben, conversation.id)).at(-1)?.text).toBe('我的奖品什么时候发货？');
      await as(ben).post(`/api/cs/conversations/${conversation.id}/messages`, {
        text: '7个工作日内发出',
      });
      expect((await messages(shopper2, conversation.id)).at(-1)).toMatchObject({
        from: 'agent',
        agentName: '小本',
        text: '7个工作日内发出',
      });
      const after = (await messages(shopper2, conversation.id)).length;
      const later = data(
        await as(shopper2).get(`/api/cs/conversations/${conversation.id}/messages?after=1000000`),
      );
      expect(later.messages).toEqual([]);
      expect(after).toBeGreaterThan(1);
      // Blank text is refused by the schema.
      expect(
        (
          await as(shopper2).post(`/api/cs/conversations/${conversation.id}/messages`, {
            text: '   ',
          })
        ).body.code,
      ).toBe(10001);
    });

    it('refuses a shopper in another’s conversation and an agent in one not theirs', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const bens = await open(shopper2);
      const path = `/api/cs/conversations/${bens.id}`;
      expect((await as(stranger).get(`${path}/messages`)).body.code).toBe(65301);
      expect((await as(shopper1).post(`${path}/messages`, { text: 'hi' })).body.code).toBe(65301);
      expect((await as(amy).get(`${path}/messages`)).body.code).toBe(65302);
      expect((await as(amy).post(`${path}/messages`, { text: '抢答' })).body.code).toBe(65302);
      expect((await as(amy).get(`${path}/customer`)).body.code).toBe(65302);
      expect((await as(amy).post(`${path}/transfer`, { toUserId: amy.id })).body.code).toBe(65302);
      expect((await as(amy).post(`${path}/close`)).body.code).toBe(65302);
      expect((await as(amy).get('/api/cs/conversations/999999/messages')).body.code).toBe(65301);
      expect((await as(ben).get(`${path}/customer`)).body.code).toBe(0);
    });

    it('transfers to another online agent with the history, and refuses offline, self and unknown targets', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const conversation = await open(shopper2); // ben's
      const path = `/api/cs/conversations/${conversation.id}/transfer`;
      expect((await as(ben).post(path, { toUserId: ben.id })).body.code).toBe(65307);
      expect((await as(ben).post(path, { toUserId: cat.id })).body.code).toBe(65305);
      expect((await as(ben).post(path, { toUserId: stranger.id })).body.code).toBe(65304);
      expect((await as(ben).post(path, { toUserId: 'x' })).body.code).toBe(10001);
      const moved = data(await as(ben).post(path, { toUserId: amy.id }));
      expect(moved).toMatchObject({ state: 'open', agentName: '小安' });
      // The new agent has it with its history; the old one no longer may answer.
      const history = await messages(amy, conversation.id);
      expect(history.map((m) => m.text)).toEqual(
        expect.arrayContaining([
          '我的奖品什么时候发货？',
          '7个工作日内发出',
          '已为您转接到客服「小安」',
        ]),
      );
      expect(data(await as(amy).get('/api/cs/agent/queue')).mine).toContainEqual(
        expect.objectContaining({ id: conversation.id }),
      );
      expect(
        (
          await as(ben).post(`/api/cs/conversations/${conversation.id}/messages`, {
            text: '还在吗',
          })
        ).body.code,
      ).toBe(65302);
      expect((await as(ben).post(path, { toUserId: ben.id })).body.code).toBe(65302);
    });

    it('closes a conversation; the next tap starts a new one', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const conversation = await open(shopper3);
      const closed = data(
        await as(shopper3).post(`/api/cs/conversations/${conversation.id}/close`),
      );
      expect(closed.state).toBe('closed');
      expect(
        (
          await as(shopper3).post(`/api/cs/conversations/${conversation.id}/messages`, {
            text: '再问一下',
          })
        ).body.code,
      ).toBe(65303);
      const next = await open(shopper3);
      expect(next.id).not.toBe(conversation.id);
    });

    it('keeps quick replies: the team’s defaults and the agent’s own, 20 at most', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const base = '/api/cs/agent/quick-replies';
      const defaults = data(await as(cat).get(base)).replies as { id: number | null }[];
      expect(defaults.length).toBeGreaterThan(0);
      expect(defaults.every((r) => r.id === null)).toBe(true);
      const added = data(await as(cat).post(base, { text: '亲，稍等我查一下~' }));
      expect((await as(amy).del(`${base}/${added.id}`)).body.code).toBe(65310);
      for (let i = 1; i < 20; i += 1) await as(cat).post(base, { text: `常用语${i}` });
      expect((await as(cat).post(base, { text: '第21条' })).body.code).toBe(65309);
      expect(data(await as(cat).del(`${base}/${added.id}`))).toEqual({ id: added.id });
      expect((await as(cat).del(`${base}/${added.id}`)).body.code).toBe(65310);
    });

    it('sends a removed agent’s conversations back to the queue, where the others take them', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const before = data(await as(amy).get('/api/cs/agent/queue')).mine.length as number;
      expect(before).toBeGreaterThan(0);
      const removed = data(await admin(s.url, 'DELETE', `/admin/api/cs/agents/${amy.id}`));
      expect(removed).toEqual({ userId: amy.id, returned: before });
      expect((await as(amy).get('/api/cs/agent/queue')).body.code).toBe(65300);
      // ben is online with room: he has them now.
      const bens = data(await as(ben).get('/api/cs/agent/queue'));
      expect(bens.mine.length).toBeGreaterThanOrEqual(before);
      expect((await admin(s.url, 'DELETE', `/admin/api/cs/agents/${amy.id}`)).body.code).toBe(
        65304,
      );
    });

    it('never gives an agent more than their share when shoppers open at the same instant', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      for (const who of [ben, cat]) await online(who, false);
      const dan = await newShopper(s);
      await admin(s.url, 'POST', '/admin/api/cs/agents', { mobile: dan.mobile, name: '小丹' });
      await online(dan);
      const crowd = await Promise.all(
        Array.from({ length: MAX_OPEN_PER_AGENT + 2 }, () => newShopper(s!)),
      );
      const opened = await Promise.all(crowd.map((who) => open(who)));
      const mine = data(await as(dan).get('/api/cs/agent/queue')).mine as unknown[];
      expect(mine).toHaveLength(MAX_OPEN_PER_AGENT);
      expect(opened.filter((c) => c.state === 'waiting').length).toBeGreaterThanOrEqual(2);
    });
  });
};

await onEachEngine(suite);
