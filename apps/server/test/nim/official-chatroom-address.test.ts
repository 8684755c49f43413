// getChatroomAddress (13_1) through the official NIM Web SDK on the IM link: the chatroom link's
// address as NIM's SDK takes it in chatroomAddresses (host:port). Apart from
// official-chatroom.test.ts, whose Chatroom bundle cannot share a process with the NIM bundle.
import { describe, expect, it } from 'vitest';
import { createRoom } from '../chatroom/rooms.ts';
import { call } from './official-sdk.ts';
import { officialSuite } from './official-suite.ts';

describe('getChatroomAddress through the official NIM Web SDK', () => {
  const suite = officialSuite({ chatroomApp: true });

  it('answers the chatroom link as host:port, and 404 for a room that does not exist', async () => {
    const roomId = await createRoom(suite.server);
    const alice = await suite.official('nim-room-finder');
    const found = await call<{ address: string[] }>(alice.nim, 'getChatroomAddress', {
      chatroomId: roomId,
    });
    expect(found.address).toEqual([new URL(suite.server.url).host]);
    await expect(
      call(alice.nim, 'getChatroomAddress', { chatroomId: '99999' }),
    ).rejects.toMatchObject({ code: 404 });
  });
});
