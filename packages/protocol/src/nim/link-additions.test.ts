// The NIM ids and parameter mappings of issue 19's last IM-link commands (decision 0047): what the
// official SDK's callbacks cannot tell apart (a syncSend packet and a received one reach the same
// handler there) is checked here, on the dialect itself.
import { describe, expect, it } from 'vitest';
import type { Msg } from '../commands/shapes/messaging.ts';
import { commandForNim, NIM_DIALECT, NimNotCarried } from './dialect.ts';
import { sessionIdFromNim } from './deletes.ts';
import { nimMsgId } from './messages.ts';

const msg = (fields: Partial<Msg>) => ({ from: 'a', to: 'b', scene: 'p2p', ...fields }) as Msg;

describe('the NIM dialect of the last IM-link commands', () => {
  it("sends what the viewer's account sent from another device on NIM's syncSend ids", () => {
    expect(nimMsgId(msg({ scene: 'superTeam', to: '9' }), 'a')).toEqual({ sid: 21, cid: 102 });
    expect(nimMsgId(msg({ scene: 'superTeam', to: '9' }), 'b')).toEqual({ sid: 21, cid: 3 });
    expect(nimMsgId(msg({ scene: 'team', to: '9' }), 'a')).toEqual({ sid: 8, cid: 102 });
    expect(nimMsgId(msg({ scene: 'team', to: '9' }), 'b')).toEqual({ sid: 8, cid: 3 });
    expect(nimMsgId(msg({}), 'a')).toEqual({ sid: 7, cid: 101 });
    expect(nimMsgId(msg({}), 'b')).toEqual({ sid: 7, cid: 2 });
    // A message to oneself is received (NIM's SDK drops a syncSendMsg whose sender is its
    // recipient), and before login nothing is the viewer's.
    expect(nimMsgId(msg({ to: 'a' }), 'a')).toEqual({ sid: 7, cid: 2 });
    expect(nimMsgId(msg({}), undefined)).toEqual({ sid: 7, cid: 2 });
  });

  it("finds the commands by NIM's own ids", () => {
    expect(commandForNim({ sid: 7, cid: 22 })).toBe('deleteServerSessions');
    expect(commandForNim({ sid: 7, cid: 9 })).toBe('deleteSessions');
    expect(commandForNim({ sid: 7, cid: 23 })).toBe('deleteMsgSelf');
    expect(commandForNim({ sid: 7, cid: 24 })).toBe('deleteMsgSelfBatch');
    expect(commandForNim({ sid: 21, cid: 15 })).toBe('getSuperTeamMembersByJoinTime');
    expect(commandForNim({ sid: 21, cid: 33 })).toBe('getSuperTeamMembersByAccounts');
    expect(commandForNim({ sid: 15, cid: 17 })).toBe('signalingJoinAndAccept');
    expect(commandForNim({ sid: 4, cid: 5 })).toBe('batchMarkRead');
    // Our own ids of these commands are not NIM's.
    expect(commandForNim({ sid: 7, cid: 14 })).toBeUndefined();
    expect(commandForNim({ sid: 21, cid: 32 })).toBeUndefined();
  });

  it("reads NIM's session ids and refuses what is not one", () => {
    expect(sessionIdFromNim('p2p|alice')).toBe('p2p-alice');
    expect(sessionIdFromNim('team|12')).toBe('team-12');
    expect(sessionIdFromNim('super_team|12')).toBe('superTeam-12');
    expect(sessionIdFromNim('room|12')).toBe('room|12');
    expect(sessionIdFromNim(7)).toBe(7);
  });

  it('carries batchMarkRead for signalling notifications and broadcasts only', () => {
    const mark = NIM_DIALECT.batchMarkRead.request;
    expect(
      mark([
        { t: 'Byte', v: 15 },
        { t: 'Byte', v: 11 },
        { t: 'LongArray', v: ['ab12'] },
      ]),
    ).toEqual({ sid: 15, cid: 11, ids: ['ab12'] });
    // NIM's 7_17 is its broadcast push, our broadcastMsg (7_29).
    expect(
      mark([
        { t: 'Byte', v: 7 },
        { t: 'Byte', v: 17 },
        { t: 'LongArray', v: ['1764150000000'] },
      ]),
    ).toEqual({ sid: 7, cid: 29, ids: ['1764150000000'] });
    // NIM's SDK marks every message it receives so (autoMarkRead): not a read mark of ours.
    expect(() =>
      mark([
        { t: 'Byte', v: 7 },
        { t: 'Byte', v: 2 },
        { t: 'LongArray', v: [5] },
      ]),
    ).toThrow(NimNotCarried);
  });

  it("takes super-team members by NIM's `<teamId>|<account>` of one team only", () => {
    const byAccounts = NIM_DIALECT.getSuperTeamMembersByAccounts.request;
    expect(byAccounts([{ t: 'StrArray', v: ['9|a', '9|b'] }])).toEqual({
      teamId: '9',
      accounts: ['a', 'b'],
    });
    expect(byAccounts([{ t: 'StrArray', v: ['9|a', '8|b'] }])).toEqual({
      accounts: ['a', 'b'],
    });
  });

  it("sends a signalling notification in NIM's notify envelope, named by its msgid", () => {
    const [packetId, body] = [
      NIM_DIALECT.signalingNotify.nimId(),
      NIM_DIALECT.signalingNotify.push({
        eventType: 'INVITE',
        msgid: 'm1',
        time: 1,
        type: 1,
        channelName: 'c',
        channelId: 'x',
        channelCreateTime: 1,
        channelExpireTime: 2,
        creator: 'a',
        from: 'a',
      }),
    ];
    expect(packetId).toEqual({ sid: 4, cid: 1 });
    expect(body[0]).toBe('m1');
    expect(body[1]).toMatchObject({ headerPacket: { sid: 15, cid: 11 }, body: [{ 3: 'x' }] });
  });
});
