// A reply that answers with the very parameters object it pushed is sent as the push's bytes under
// the reply's header (sendMsg's reply and the recipient's msg push): same bytes as packing anew.
import { describe, expect, it } from 'vitest';
import { COMMANDS, decodeFrame, encodeFrame, type Msg } from '@morsel/protocol';
import { encodePush, replyFromPush } from './push-frame.ts';

const msg: Msg = {
  scene: 'p2p',
  from: 'alice',
  fromNick: 'Alice',
  fromClientType: 16,
  fromDeviceId: 'd-1',
  to: 'bob',
  type: 0,
  text: '你好',
  idClient: 'c-1',
  idServer: '42',
  seq: 7,
  time: 1_700_000_000_000,
};

describe('replies from pushes', () => {
  it('answers with the pushed bytes under the reply header, equal to a fresh encoding', () => {
    const params = { msg };
    const pushed = encodePush('msg', params);
    const { sid, cid } = COMMANDS.sendMsg;
    const reply = replyFromPush({ sid, cid, ser: 513, code: 200 }, params);
    expect(reply).toEqual(encodeFrame({ sid, cid, ser: 513, code: 200, body: { msg } }));
    expect(decodeFrame(reply!)).toEqual({ sid, cid, ser: 513, code: 200, body: { msg } });
    // The push itself is untouched by the reply made from it.
    expect(decodeFrame(pushed)).toMatchObject({ sid: COMMANDS.msg.sid, ser: 0, code: 0 });
  });

  it('packs anew a body that was never pushed, even one equal to a pushed body', () => {
    encodePush('msg', { msg });
    const { sid, cid } = COMMANDS.sendMsg;
    expect(replyFromPush({ sid, cid, ser: 1, code: 200 }, { msg })).toBeUndefined();
  });
});
