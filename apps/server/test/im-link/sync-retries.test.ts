// Document 2: after login a sync runs, retried on sync errors; more than 3 failures report
// SYNC_DATA_ERROR. The server's sync handler is made to fail as a database outage would.
import { describe, expect, it } from 'vitest';
import type { ImError } from '@morsel/protocol';
import { CommandError } from '../../src/im/gateway/errors.ts';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });

/** Makes the server's sync fail `failures` times, then work; returns the attempts seen. */
function failingSync(failures: number) {
  const im = suite.server.server.imGateway;
  const real = im.syncSources.handlers().sync!;
  const attempts = { count: 0 };
  im.gateway.use({
    sync: async (context, params) => {
      attempts.count += 1;
      if (attempts.count <= failures) throw new CommandError(501, 'database failure');
      return real(context, params);
    },
  });
  return attempts;
}

describe('the sync after login', () => {
  it('is retried after errors and then completes, with no error reported', async () => {
    const attempts = failingSync(3);
    const a = await suite.client(0);
    expect(attempts.count).toBe(4);
    expect(a.events.all('error')).toEqual([]);
    expect(a.events.all('syncdone')).toHaveLength(1);
  });

  it('reports SYNC_DATA_ERROR after more than 3 failures, and messaging goes on', async () => {
    const attempts = failingSync(Infinity);
    const a = await suite.client(0);
    expect(attempts.count).toBe(4);
    const [error] = a.events.all<ImError>('error');
    expect(error).toMatchObject({
      code: 'SYNC_DATA_ERROR',
      message: expect.stringMatching(/^sync failed 4 times: /),
    });
    expect(await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'still works' })).toMatchObject({
      status: 'success',
    });
  });
});
