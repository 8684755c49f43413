import { PassThrough } from 'node:stream';
import fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { closeHttpWithin, closeInSteps } from './shutdown.ts';

describe('closing the server in bounded time', () => {
  it('cuts a response still streaming once the grace is over', async () => {
    const http = fastify();
    // A download that never ends: Fastify's close alone would wait for it for ever.
    http.get('/endless', (_request, reply) => {
      const body = new PassThrough();
      body.write('first bytes');
      return reply.send(body);
    });
    await http.listen({ host: '127.0.0.1', port: 0 });
    const { port } = http.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/endless`);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first bytes');
    await closeHttpWithin(http, 100);
    // The client sees its connection cut, not a finished body.
    await expect(reader.read()).rejects.toThrow();
  });

  it('names a slow step in the log', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 2_050));
    await closeInSteps(log, [
      ['quick', async () => {}],
      ['slow one', slow],
    ]);
    expect(lines.map((l) => JSON.parse(l).step)).toEqual(['slow one']);
  });
});
