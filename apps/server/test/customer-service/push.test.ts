// Customer service's push (decision 0065, docs/customer-service.md) over real HTTP and real SDK
// clients on both engines: a conversation's change reaches its parties' IM accounts at once as
// an online-only custom system notification from the service team, naming the conversation and
// nothing else; a move (a new conversation, an assignment, a close) also reaches every online
// agent, whose queue changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CS_PUSH_FROM, parseCsPush } from '@morsel/api/cs-push';
import { connectClient } from '../harness/index.ts';
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

interface Notice {
  from: string;
  content: string;
  type: string;
}

type Client = Awaited<ReturnType<typeof connectClient>>;

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`customer service push (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let amy: Shopper, ben: Shopper, shopper1: Shopper, shopper2: Shopper;
    const clients: Client[] = [];

    beforeAll(async () => {
      const extra = await overrides();
      if (!extra) return;
      s = await startCampaignServer(extra);
      [amy, ben, shopper1, shopper2] = (await Promise.all(
        Array.from({ length: 4 }, () => newShopper(s!)),
      )) as [Shopper, Shopper, Shopper, Shopper];
      for (const [who, name] of [
        [amy, '小安'],
        [ben, '小本'],
      ] as const) {
        s.clock.advance(1000); // amy joined first: she takes ties
        expect(
          (await admin(s.url, 'POST', '/admin/api/cs/agents', { mobile: who.mobile, name })).status,
        ).toBe(201);
      }
    }, 60_000);
    afterAll(async () => {
      for (const client of clients) await client.nim.destroy();
      await s?.stop();
      await cleanup();
    });

    const post = (who: Shopper, path: string, body: unknown = {}) =>
      call(s!.url, 'POST', path, { ut: who.ut, body });

    /** The shopper's IM account logged in with the SDK, as the app's pages do. */
    async function connect(who: Shopper): Promise<Client> {
      const login = data(await post(who, '/api/chat/im-login')) as {
        account: string;
        token: string;
      };
      const client = await connectClient(s!, 0, { account: login.account, token: login.token });
      clients.push(client);
      return client;
    }

    /** Waits for the notification naming the conversation; the notices seen so far. */
    async function notified(client: Client, conversationId: number): Promise<Notice[]> {
      const about = () =>
        client.events
          .all<Notice>('customsysmsg')
          .filter((n) => parseCsPush(n.from, n.content)?.conversationId === conversationId);
      await client.events.until(() => about().length > 0);
      return about();
    }

    it('tells the agent of a new conversation and of the shopper’s message, and the shopper of the answer', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const [amyIm, shopperIm] = [await connect(amy), await connect(shopper1)];
      expect((await post(amy, '/api/cs/agent/status', { online: true })).body.code).toBe(0);

      const conversation = data(await post(shopper1, '/api/cs/conversations', { source: '' }));
      expect(conversation).toMatchObject({ state: 'open', agentName: '小安' });
      const [first] = await notified(amyIm, conversation.id);
      expect(first).toMatchObject({ from: CS_PUSH_FROM, type: 'customP2p' });
      // It names the conversation only: the page fetches, behind the routes' checks.
      expect(JSON.parse(first!.content)).toEqual({
        type: 'cs.changed',
        conversationId: conversation.id,
      });

      const before = amyIm.events.all('customsysmsg').length;
      const path = `/api/cs/conversations/${conversation.id}/messages`;
      expect((await post(shopper1, path, { text: '在吗？' })).body.code).toBe(0);
      await amyIm.events.until(() => amyIm.events.all('customsysmsg').length > before);

      const heard = shopperIm.events.all('customsysmsg').length;
      expect((await post(amy, path, { text: '在的，请讲' })).body.code).toBe(0);
      await shopperIm.events.until(() => shopperIm.events.all('customsysmsg').length > heard);
      expect(
        parseCsPush(CS_PUSH_FROM, shopperIm.events.all<Notice>('customsysmsg').at(-1)!.content),
      ).toEqual({ type: 'cs.changed', conversationId: conversation.id });
    });

    it('tells every online agent when the queue changes, not only the one assigned', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const benIm = await connect(ben);
      expect((await post(ben, '/api/cs/agent/status', { online: true })).body.code).toBe(0);
      // shopper2 goes to ben (fewer open); amy, online too, sees her queue's change all the same.
      const amyIm = clients[0]!;
      const conversation = data(await post(shopper2, '/api/cs/conversations', { source: '' }));
      expect(conversation).toMatchObject({ state: 'open', agentName: '小本' });
      await notified(benIm, conversation.id);
      await notified(amyIm, conversation.id);
      // A close is a move too.
      const seen = (await notified(amyIm, conversation.id)).length;
      await post(shopper2, `/api/cs/conversations/${conversation.id}/close`);
      await amyIm.events.until(
        () =>
          amyIm.events
            .all<Notice>('customsysmsg')
            .filter((n) => parseCsPush(n.from, n.content)?.conversationId === conversation.id)
            .length > seen,
      );
    });

    it('ignores notifications that are not the service team’s', () => {
      expect(parseCsPush('shopper1', '{"type":"cs.changed","conversationId":1}')).toBeUndefined();
      expect(parseCsPush(CS_PUSH_FROM, 'not json')).toBeUndefined();
      expect(parseCsPush(CS_PUSH_FROM, '{"type":"other","conversationId":1}')).toBeUndefined();
      expect(
        parseCsPush(CS_PUSH_FROM, '{"type":"cs.changed","conversationId":"1"}'),
      ).toBeUndefined();
    });
  });
};

await onEachEngine(suite);
