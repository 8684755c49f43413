// The client anti-spam lexicon end to end: the operator sets it through the server REST API, the
// SDK's getClientAntispam fetches it and checks text on the device (404 without text or lexicon,
// 500 for a lexicon it cannot parse, 200 with type 0-3); audioToText answers Not_Support.
import { describe, expect, it } from 'vitest';
import { imSuite } from '../im-link/suite.ts';
import { nimPost } from '../im-rest/nim-client.ts';

const APP = { appKey: 'antispamApp', secret: 'antispam-secret-0123456789' };
const suite = imSuite({ fresh: 'all', config: { imAppKey: APP.appKey, imAppSecret: APP.secret } });

const LEXICON = JSON.stringify({
  thesaurus: [
    { name: 'replace', type: 1, keys: [{ key: '辣条' }, { key: 'spam' }] },
    { name: 'reject', type: 2, keys: [{ key: '诈骗' }] },
    { name: 'server', type: 3, keys: [{ key: '优惠券' }] },
  ],
});

const setLexicon = (thesaurus: string) =>
  nimPost(suite.server.url, 'antispam/setClientLexicon', { thesaurus }, APP);

describe('getClientAntispam', () => {
  it('answers 404 until the operator sets a lexicon, then checks text with it', async () => {
    const { nim } = await suite.client(0);
    expect(await nim.getClientAntispam({ content: '你好' })).toMatchObject({
      code: 404,
      type: 0,
    });
    expect(await nim.getClientAntispam({ content: '' })).toMatchObject({ code: 404 });

    expect((await setLexicon(LEXICON)).body).toMatchObject({ code: 200 });
    expect(await nim.getClientAntispam({ content: '今天吃什么' })).toEqual({
      code: 200,
      type: 0,
      result: '今天吃什么',
    });
    expect(await nim.getClientAntispam({ content: '买辣条 no spam' })).toEqual({
      code: 200,
      type: 1,
      result: '买** no ****',
    });
    expect(await nim.getClientAntispam({ content: '辣条诈骗' })).toMatchObject({
      code: 200,
      type: 2,
    });
    expect(await nim.getClientAntispam({ content: '送优惠券' })).toMatchObject({
      code: 200,
      type: 3,
    });

    // JSON, but not a thesaurus the client can read: 500.
    expect((await setLexicon('{"thesaurus":[{"type":9}]}')).body).toMatchObject({ code: 200 });
    expect(await nim.getClientAntispam({ content: '你好' })).toMatchObject({ code: 500 });
    // Not JSON at all is refused at the REST API.
    expect((await setLexicon('not json')).body).toMatchObject({ code: 414 });

    const cleared = await nimPost(suite.server.url, 'antispam/clearClientLexicon', {}, APP);
    expect(cleared.body).toMatchObject({ code: 200 });
    expect(await nim.getClientAntispam({ content: '辣条' })).toMatchObject({ code: 404 });
  });
});

describe('audioToText', () => {
  it('answers Not_Support: no offline speech engine ships with the server', async () => {
    const { nim } = await suite.client(0);
    await expect(nim.audioToText({ url: 'https://example.com/a.aac' })).rejects.toMatchObject({
      code: 403,
      message: expect.stringContaining('Not_Support'),
    });
  });
});
