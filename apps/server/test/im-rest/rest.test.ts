// The server-to-server REST API over real HTTP: every action, and every refusal an app backend
// can meet (signature, time window, replay, app, parameters, duplicates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { createHash } from 'node:crypto';
import { freshNonce, nimPost, nowSeconds, sha1Hex, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-test-app-key', secret: 'rest-test-app-secret' };

describe('/nimserver user API', () => {
  let server: TestServer;
  const post = (action: string, form: Record<string, string>, overrides = {}) =>
    nimPost(server.url, action, form, app, overrides);
  const verify = (accid: string, token: string) =>
    server.server.imAccounts.verifyLogin(app.appKey, accid, token);

  beforeAll(async () => {
    server = await startTestServer({
      imAppKey: app.appKey,
      imAppSecret: app.secret,
      seedDemo: false,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A request signed by hand: the given headers, the raw form body. */
  const signedPost = async (action: string, body: string, headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/nimserver/user/${action}.action`, {
      method: 'POST',
      headers: {
        AppKey: app.appKey,
        'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
        ...headers,
      },
      body,
    });
    return (await response.json()) as { code: number; desc?: string };
  };

  describe('actions', () => {
    it('create registers an accid (lower-cased) with a generated token that logs in', async () => {
      const reply = await post('create', {
        accid: 'Alice.W@shop',
        name: '爱丽丝',
        icon: 'https://cdn.example/a.png',
        props: '{"vip":1}',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.code).toBe(200);
      expect(reply.body.info?.accid).toBe('alice.w@shop');
      expect(reply.body.info?.token).toMatch(/^[0-9a-f]{32}$/);
      const verdict = await verify('alice.w@shop', reply.body.info!.token);
      expect(verdict.ok).toBe(true);
      if (verdict.ok) {
        expect(verdict.account).toMatchObject({
          accid: 'alice.w@shop',
          name: '爱丽丝',
          icon: 'https://cdn.example/a.png',
          props: '{"vip":1}',
          blocked: false,
        });
      }
    });

    it('create keeps a token the backend chooses', async () => {
      const reply = await post('create', { accid: 'bob_1', token: 'chosen-token-0001' });
      expect(reply.body).toEqual({
        code: 200,
        info: { accid: 'bob_1', token: 'chosen-token-0001', name: '' },
      });
      expect((await verify('bob_1', 'chosen-token-0001')).ok).toBe(true);
    });

    it('update changes the token; the old one is refused with 302', async () => {
      await post('create', { accid: 'carol', token: 'old-token-0000001' });
      const reply = await post('update', {
        accid: 'carol',
        token: 'new-token-0000001',
        props: '{"level":2}',
      });
      expect(reply.body).toEqual({ code: 200 });
      expect(await verify('carol', 'old-token-0000001')).toEqual({ ok: false, code: 302 });
      const verdict = await verify('carol', 'new-token-0000001');
      expect(verdict.ok && verdict.account.props).toBe('{"level":2}');
    });

    it('refreshToken answers a new random token and invalidates the old one', async () => {
      const created = await post('create', { accid: 'dave' });
      const reply = await post('refreshToken', { accid: 'DAVE' });
      expect(reply.body.code).toBe(200);
      expect(reply.body.info?.accid).toBe('dave');
      expect(reply.body.info?.token).not.toBe(created.body.info?.token);
      expect(await verify('dave', created.body.info!.token)).toEqual({ ok: false, code: 302 });
      expect((await verify('dave', reply.body.info!.token)).ok).toBe(true);
    });

    it('block makes login answer 422; unblock restores it', async () => {
      const created = await post('create', { accid: 'erin' });
      const token = created.body.info!.token;
      expect(await post('block', { accid: 'erin', needkick: 'true' })).toEqual({
        status: 200,
        body: { code: 200 },
      });
      expect(await verify('erin', token)).toEqual({ ok: false, code: 422 });
      // A blocked account with a wrong token still gets 302: the block is not revealed.
      expect(await verify('erin', 'wrong')).toEqual({ ok: false, code: 302 });
      expect((await post('unblock', { accid: 'erin' })).body).toEqual({ code: 200 });
      expect((await verify('erin', token)).ok).toBe(true);
    });

    it('block without needkick is accepted too', async () => {
      await post('create', { accid: 'frank' });
      expect((await post('block', { accid: 'frank' })).body).toEqual({ code: 200 });
      expect((await post('block', { accid: 'frank', needkick: 'false' })).body).toEqual({
        code: 200,
      });
    });
  });

  describe('signature refusals (NIM 403, HTTP 200)', () => {
    it('refuses a wrong CheckSum', async () => {
      const reply = await post(
        'create',
        { accid: 'mallory1' },
        { checkSum: sha1Hex('not-the-secret' + 'n' + nowSeconds()) },
      );
      expect(reply).toEqual({ status: 200, body: { code: 403, desc: 'CheckSum mismatch' } });
      expect(await server.server.imAccounts.get(app.appKey, 'mallory1')).toBeUndefined();
    });

    it('refuses an unknown AppKey', async () => {
      const reply = await nimPost(
        server.url,
        'create',
        { accid: 'mallory2' },
        { appKey: 'no-such-app', secret: app.secret },
      );
      expect(reply.body).toEqual({ code: 403, desc: 'unknown AppKey' });
    });

    it('refuses a CurTime outside the 5-minute window, past or future', async () => {
      const past = String(Math.floor(Date.now() / 1000) - 3600);
      const future = String(Math.floor(Date.now() / 1000) + 3600);
      for (const curTime of [past, future]) {
        const reply = await post('create', { accid: 'mallory3' }, { curTime });
        expect(reply.body.code).toBe(403);
        expect(reply.body.desc).toMatch(/CurTime/);
      }
    });

    it('refuses a replayed Nonce, even with a fresh body', async () => {
      const nonce = freshNonce();
      const curTime = nowSeconds();
      const first = await post('create', { accid: 'grace' }, { nonce, curTime });
      expect(first.body.code).toBe(200);
      const replay = await post('create', { accid: 'grace2' }, { nonce, curTime });
      expect(replay.body.code).toBe(403);
      expect(replay.body.desc).toMatch(/Nonce/);
      expect(await server.server.imAccounts.get(app.appKey, 'grace2')).toBeUndefined();
    });

    it('names a missing signature header (414)', async () => {
      for (const header of ['AppKey', 'Nonce', 'CurTime', 'CheckSum']) {
        const reply = await post('create', { accid: 'heidi' }, { omit: [header] });
        expect(reply.body).toEqual({ code: 414, desc: `missing header ${header}` });
      }
    });

    it('refuses a CurTime with leading zeros (it would sign like a nonce ending in 0)', async () => {
      // Nonce "abc0" + CurTime "1767225600" and Nonce "abc" + CurTime "01767225600" hash alike.
      const curTime = nowSeconds();
      const reply = await post(
        'create',
        { accid: 'zero_time' },
        { nonce: 'abc', curTime: `0${curTime}` },
      );
      expect(reply.body.code).toBe(414);
      expect(reply.body.desc).toMatch(/header CurTime/);
      expect(await server.server.imAccounts.get(app.appKey, 'zero_time')).toBeUndefined();
    });

    it('refuses an app-chosen token shorter than 16 characters', async () => {
      const reply = await post('create', { accid: 'short_token', token: 'x'.repeat(15) });
      expect(reply.body).toEqual({
        code: 414,
        desc: 'parameter token is too short (at least 16 characters)',
      });
    });

    it('verifies a body-signed request (MD5 header) and refuses a tampered body or a replay', async () => {
      const body = new URLSearchParams({ accid: 'signed_body' }).toString();
      const md5 = createHash('md5').update(body).digest('hex');
      const sign = (curTime: string) => ({
        MD5: md5,
        CheckSum: sha1Hex(app.secret + md5 + curTime),
      });
      const curTime = nowSeconds();
      const signed = await signedPost('create', body, { CurTime: curTime, ...sign(curTime) });
      expect(signed.code).toBe(200);
      // The same headers over another body: the MD5 no longer matches.
      const curTime2 = String(Number(curTime) + 1);
      const tampered = await signedPost(
        'create',
        new URLSearchParams({ accid: 'mallory_body' }).toString(),
        { CurTime: curTime2, ...sign(curTime2) },
      );
      expect(tampered).toEqual({ code: 403, desc: 'MD5 does not match the request body' });
      expect(await server.server.imAccounts.get(app.appKey, 'mallory_body')).toBeUndefined();
      // The very same request again, with a fresh Nonce the signature does not cover: a replay.
      const replay = await signedPost('refreshToken', body, {
        CurTime: curTime,
        Nonce: freshNonce(),
        ...sign(curTime),
      });
      expect(replay.code).toBe(403);
      expect(replay.desc).toMatch(/already used/);
    });

    it('refuses a CurTime that is not seconds', async () => {
      const reply = await post('create', { accid: 'heidi' }, { curTime: 'yesterday' });
      expect(reply.body.code).toBe(414);
      expect(reply.body.desc).toMatch(/header CurTime/);
    });
  });

  describe('parameter refusals (NIM 414 naming the parameter)', () => {
    it('names a missing accid', async () => {
      for (const action of ['create', 'update', 'refreshToken', 'block', 'unblock']) {
        const reply = await post(action, {});
        expect(reply.body, action).toEqual({ code: 414, desc: 'missing parameter accid' });
      }
    });

    it('refuses an accid with characters NIM does not allow, or longer than 32', async () => {
      const bad = await post('create', { accid: 'has space' });
      expect(bad.body.code).toBe(414);
      expect(bad.body.desc).toMatch(/^parameter accid is invalid/);
      const long = await post('create', { accid: 'a'.repeat(33) });
      expect(long.body).toEqual({
        code: 414,
        desc: 'parameter accid is too long (at most 32 characters)',
      });
      expect((await post('create', { accid: 'a'.repeat(32) })).body.code).toBe(200);
    });

    it('enforces NIM length limits on name, icon, props and token', async () => {
      const cases: [string, string, number][] = [
        ['name', 'n', 64],
        ['icon', 'i', 1024],
        ['token', 't', 128],
      ];
      for (const [field, char, max] of cases) {
        const reply = await post('create', {
          accid: `limit_${field}`,
          [field]: char.repeat(max + 1),
        });
        expect(reply.body).toEqual({
          code: 414,
          desc: `parameter ${field} is too long (at most ${max} characters)`,
        });
      }
      const props = await post('create', {
        accid: 'limit_props',
        props: JSON.stringify({ p: 'x'.repeat(1100) }),
      });
      expect(props.body).toEqual({
        code: 414,
        desc: 'parameter props is too long (at most 1024 characters)',
      });
    });

    it('refuses props that are not JSON', async () => {
      const reply = await post('create', { accid: 'ivan', props: '{not json' });
      expect(reply.body).toEqual({
        code: 414,
        desc: 'parameter props is invalid: must be JSON text',
      });
    });

    it('refuses parameters it does not keep, by name', async () => {
      const reply = await post('create', { accid: 'judy', email: 'judy@example.com' });
      expect(reply.body).toEqual({ code: 414, desc: 'parameter email is not supported' });
    });

    it('refuses needkick other than true or false', async () => {
      await post('create', { accid: 'ken' });
      const reply = await post('block', { accid: 'ken', needkick: 'yes' });
      expect(reply.body.code).toBe(414);
      expect(reply.body.desc).toMatch(/needkick/);
    });

    it('refuses update with nothing to change', async () => {
      await post('create', { accid: 'leo' });
      const reply = await post('update', { accid: 'leo' });
      expect(reply.body.code).toBe(414);
      expect(reply.body.desc).toMatch(/token or props/);
    });

    it('refuses a duplicate accid, whatever its case', async () => {
      await post('create', { accid: 'mike' });
      expect((await post('create', { accid: 'mike' })).body).toEqual({
        code: 414,
        desc: 'already register',
      });
      expect((await post('create', { accid: 'MIKE' })).body).toEqual({
        code: 414,
        desc: 'already register',
      });
    });

    it('refuses actions on an accid that is not registered', async () => {
      for (const action of ['update', 'refreshToken', 'block', 'unblock']) {
        const form: Record<string, string> =
          action === 'update' ? { accid: 'nobody', token: 'x'.repeat(16) } : { accid: 'nobody' };
        const reply = await post(action, form);
        expect(reply.body, action).toEqual({ code: 414, desc: 'not register: nobody' });
      }
    });

    it('refuses a body that is not form-encoded', async () => {
      const reply = await post(
        'create',
        {},
        { contentType: 'application/json', rawBody: JSON.stringify({ accid: 'nina' }) },
      );
      expect(reply.body).toEqual({
        code: 414,
        desc: 'Content-Type must be application/x-www-form-urlencoded',
      });
    });
  });
});

describe('/nimserver with MORSEL_IM_REST_REQUIRE_BODY_SIGNATURE', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      imAppKey: app.appKey,
      imAppSecret: app.secret,
      seedDemo: false,
      imRestRequireBodySignature: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a nonce-signed request and accepts a body-signed one', async () => {
    const nonceSigned = await nimPost(server.url, 'create', { accid: 'nonce_only' }, app);
    expect(nonceSigned.body.code).toBe(403);
    expect(nonceSigned.body.desc).toMatch(/header MD5 is required/);
    const body = new URLSearchParams({ accid: 'body_signed' }).toString();
    const md5 = createHash('md5').update(body).digest('hex');
    const curTime = nowSeconds();
    const response = await fetch(`${server.url}/nimserver/user/create.action`, {
      method: 'POST',
      headers: {
        AppKey: app.appKey,
        CurTime: curTime,
        MD5: md5,
        CheckSum: sha1Hex(app.secret + md5 + curTime),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    expect(await response.json()).toMatchObject({ code: 200, info: { accid: 'body_signed' } });
  });
});
