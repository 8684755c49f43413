import fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  installLazyDefaultValidator,
  installLazySerializer,
  lazily,
  warmCompilers,
} from './lazy-compile.ts';

const apps: ReturnType<typeof fastify>[] = [];
function app() {
  const made = fastify();
  apps.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((made) => made.close()));
});

describe('lazy route compilers', () => {
  it('compiles on the first call only and carries Ajv-style errors', () => {
    let compiles = 0;
    const check = lazily(app(), () => {
      compiles++;
      const validate = (value: unknown) => {
        validate.errors = value === 1 ? null : [{ message: 'must be 1' }];
        return value === 1;
      };
      validate.errors = null as null | { message: string }[];
      return validate;
    });
    expect(compiles).toBe(0);
    expect(check(2)).toBe(false);
    expect((check as unknown as { errors: unknown }).errors).toEqual([{ message: 'must be 1' }]);
    expect(check(1)).toBe(true);
    expect((check as unknown as { errors: unknown }).errors).toBeNull();
    expect(compiles).toBe(1);
  });

  it('warms what is still pending while listening, reports a schema that cannot compile', async () => {
    const server = app();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const made: string[] = [];
    const used = lazily(server, () => (made.push('used'), () => true));
    lazily(server, () => (made.push('waiting'), () => true));
    lazily(server, () => {
      throw new Error('bad schema');
    });
    used();
    const errors: unknown[] = [];
    expect(await warmCompilers(server.server, (error) => errors.push(error))).toBe(1);
    expect(made).toEqual(['used', 'waiting']);
    expect(errors).toEqual([new Error('bad schema')]);
  });

  it("validates and serialises as Fastify's defaults do", async () => {
    const server = app();
    installLazyDefaultValidator(server);
    installLazySerializer(server);
    server.post(
      '/echo',
      {
        schema: {
          body: {
            type: 'object',
            required: ['n'],
            properties: { n: { type: 'integer' } },
          },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ ...(request.body as object), secret: 'dropped by the schema' }),
    );
    const bad = await server.inject({ method: 'POST', url: '/echo', payload: { m: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "body must have required property 'n'" });
    // Fastify's default Ajv coerces "7" to 7; the reply keeps only what the schema names.
    const good = await server.inject({ method: 'POST', url: '/echo', payload: { n: '7' } });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('{"n":7}');
  });
});
