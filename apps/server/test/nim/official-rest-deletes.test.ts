// The server API's one-way recall (msg/delMsgOneWay) as a receiver on the official NIM Web SDK
// sees it: NIM's onDeleteMsgSelf names the message, while the sender (our SDK) keeps it.
import { describe, expect, it } from 'vitest';
import { APP } from '../chatroom/rooms.ts';
import { connectClient } from '../im-link/clients.ts';
import { nimPost } from '../im-rest/nim-client.ts';
import { officialSuite } from './official-suite.ts';

describe("the server API's one-way recall through the official NIM Web SDK", () => {
  const suite = officialSuite({ chatroomApp: true });

  it('takes the message from the receiver, as NIM’s onDeleteMsgSelf; the sender keeps it', async () => {
    const account = await suite.newAccount('nim-oneway-rest');
    const alice = await suite.official(account);
    const bob = await connectClient(suite.server, 1);
    suite.ours.push(bob.nim);
    const sent = await bob.nim.sendText({ scene: 'p2p', to: account.accid, text: '违规广告' });
    await alice.next('msg');

    const reply = await nimPost(
      suite.server.url,
      'msg/delMsgOneWay',
      {
        deleteMsgid: sent.idServer!,
        timetag: String(sent.time),
        type: '13',
        from: 'demo2',
        to: account.accid,
      },
      APP,
    );
    expect(reply.body).toEqual({ code: 200 });
    expect(await alice.next('DeleteMsgSelf')).toEqual([
      expect.objectContaining({
        scene: 'p2p',
        from: 'demo2',
        to: account.accid,
        idServer: sent.idServer,
        idClient: sent.idClient,
      }),
    ]);
    const theirs = await bob.nim.getHistoryMsgs({ scene: 'p2p', to: account.accid });
    expect(theirs.msgs.map((m) => m.idServer)).toContain(sent.idServer);
  });
});
