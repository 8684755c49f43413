import { describe, expect, it } from 'vitest';
import { chatroomMemberToNim, chatroomMsgToNim } from './chatroom.ts';
import { commandForNim } from './dialect.ts';

describe('the NIM dialect of the chatroom link', () => {
  it('looks commands up on the link they were sent on', () => {
    expect(commandForNim({ sid: 13, cid: 2 }, 'chatroom')).toBe('chatroomLogin');
    expect(commandForNim({ sid: 13, cid: 2 }, 'im')).toBeUndefined();
    expect(commandForNim({ sid: 13, cid: 1 }, 'im')).toBe('getChatroomAddress');
    expect(commandForNim({ sid: 13, cid: 1 }, 'chatroom')).toBeUndefined();
    expect(commandForNim({ sid: 1, cid: 2 }, 'chatroom')).toBe('heartbeat');
    expect(commandForNim({ sid: 2, cid: 3 }, 'chatroom')).toBeUndefined();
    // NIM's queueInit is at our one-element change's ids, which NIM's SDK never sends.
    expect(commandForNim({ sid: 13, cid: 25 }, 'chatroom')).toBe('chatroomQueueInit');
    expect(commandForNim({ sid: 13, cid: 26 }, 'chatroom')).toBe('chatroomQueueBatchUpdate');
    // Robots: the user service's syncRobot on the room's link, not the IM link's 3_16.
    expect(commandForNim({ sid: 3, cid: 16 }, 'chatroom')).toBe('chatroomSyncRobot');
    expect(commandForNim({ sid: 3, cid: 16 }, 'im')).toBeUndefined();
  });

  it('writes a notification in NIM layout and an anonymous visitor without the guest flag', () => {
    const msg = chatroomMsgToNim({
      chatroomId: '7',
      idClient: 'c1',
      idServer: '9',
      from: 'owner',
      fromNick: '店长',
      fromAvatar: '',
      fromCustom: '',
      fromClientType: 16,
      time: 1000,
      type: 'notification',
      resend: false,
      attach: {
        id: 314,
        type: 'addTempMute',
        from: 'owner',
        fromNick: '店长',
        to: ['bob'],
        toNick: ['小明'],
        data: { duration: 60 },
      },
    });
    expect(msg['2']).toBe('5');
    expect(JSON.parse(msg['3']!)).toEqual({
      id: 314,
      data: {
        operator: 'owner',
        opeNick: '店长',
        target: ['bob'],
        tarNick: ['小明'],
        muteDuration: 60,
      },
    });
    const member = chatroomMemberToNim({
      chatroomId: '7',
      account: 'anon_1',
      type: 'anonymous',
      level: 0,
      nick: '路人',
      avatar: '',
      custom: '',
      online: true,
      guest: true,
      blacked: false,
      gaged: false,
      tempMuted: false,
      tempMuteDuration: 0,
      enterTime: 1,
      updateTime: 1,
    });
    expect(member).toMatchObject({ '3': '4', '9': '0' });
  });
});
