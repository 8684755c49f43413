// The typed client puts a body-carrying route's query fields (the endpoint's `query`) into the
// query string, and the table keeps that list equal to the route's `querystring` schema, so a
// page's `?campaign=` reaches a POST route as the server reads it (decision 0037).
import { describe, expect, it } from 'vitest';
import { createApiClient, type OutgoingCall } from './client.ts';
import { ENDPOINTS, type EndpointName } from './endpoints.ts';
import { ROUTES } from './table.ts';

describe('query fields of body-carrying routes', () => {
  it('go into the path, the rest stays in the body', async () => {
    const sent: OutgoingCall[] = [];
    const client = createApiClient(async (call) => {
      sent.push(call);
      return { code: 0, message: '', data: null };
    });
    await client.call('raffle.assist', { campaign: 'weekend-raffle', shareCode: 'ABCD1234' });
    await client.call('raffle.draw', {});
    await client.call('raffle.board', { campaign: 'weekend-raffle' });
    expect(sent.map((c) => [c.path, c.payload])).toEqual([
      ['/api/campaign/raffle/assist?campaign=weekend-raffle', { shareCode: 'ABCD1234' }],
      ['/api/campaign/raffle/draw', undefined],
      // A GET's payload is its query already.
      ['/api/campaign/raffle', { campaign: 'weekend-raffle' }],
    ]);
  });

  it('are listed by every non-GET route whose schema has a querystring, and only those', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const method = typeof endpoint.method === 'string' ? endpoint.method : endpoint.method[0];
      const schema = ROUTES[name as EndpointName].querystring;
      const expected = method === 'GET' || !schema ? [] : Object.keys(schema.properties).sort();
      const listed = 'query' in endpoint ? [...(endpoint.query as readonly string[])].sort() : [];
      expect(listed, name).toEqual(expected);
    }
  });
});
