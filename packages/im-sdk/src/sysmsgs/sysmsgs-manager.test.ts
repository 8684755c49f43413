// The system messages manager alone, on a fake context: new ones told once and counted unread,
// reads from this device and from others, local deletes out of the counts, and my own super team
// custom messages skipped.
import type { SysMsg } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeReplies } from '../test-context.ts';
import { SysMsgsManager } from './sysmsgs-manager.ts';

function setUp(replies: FakeReplies = {}) {
  const context = fakeContext(replies);
  return { context, sysMsgs: new SysMsgsManager(context) };
}

const request = (idServer: string): SysMsg => ({
  idServer,
  type: 'applyFriend',
  category: 'friend',
  from: 'ann',
  to: 'me',
  time: Number(idServer.replace(/\D/g, '')) || 1,
  read: false,
  state: 'init',
});

describe('SysMsgsManager', () => {
  it('tells a new system message once and counts it unread', () => {
    const { context, sysMsgs } = setUp();
    context.push('sysMsg', { sysMsg: request('s1') });
    context.push('sysMsg', { sysMsg: request('s1') });
    expect(context.calls('onsysmsg')).toHaveLength(1);
    expect(sysMsgs.sysMsgUnread()).toMatchObject({ friend: 1, total: 1 });
    expect(context.calls('onupdatesysmsgunread').at(-1)?.[0]).toMatchObject({ total: 1 });
  });

  it('marks read on the server and here, and follows reads from other devices', async () => {
    const { context, sysMsgs } = setUp({ markRead: () => ({}) });
    context.push('syncOfflineSysMsgs', { sysMsgs: [request('s1'), request('s2')] });
    expect(context.calls('onofflinesysmsgs')[0]?.[0]).toHaveLength(2);
    await sysMsgs.markSysMsgRead({ sysMsgs: [request('s1')] });
    expect(context.sent).toEqual([{ name: 'markRead', params: { ids: ['s1'] } }]);
    context.push('sysMsgsRead', { ids: ['s2'] });
    expect(sysMsgs.sysMsgUnread().total).toBe(0);
  });

  it('keeps a local delete through a later copy from the server', () => {
    const { context, sysMsgs } = setUp();
    context.push('sysMsg', { sysMsg: request('s1') });
    void sysMsgs.deleteLocalSysMsg({ idServer: 's1' });
    context.push('sysMsg', { sysMsg: { ...request('s1'), read: true } });
    expect(sysMsgs.getLocalSysMsgs()).toEqual([]);
    expect(sysMsgs.sysMsgUnread().total).toBe(0);
  });

  it('skips my own super team custom system message (its fan-out reaches me too)', () => {
    const { context } = setUp();
    const custom = {
      scene: 'superTeam' as const,
      to: 't1',
      content: '{}',
      time: 1,
      idServer: 'c1',
      type: 'custom',
    };
    context.push('customSysMsg', { sysMsg: { ...custom, from: 'me' } });
    context.push('customSysMsg', { sysMsg: { ...custom, from: 'ann' } });
    expect(context.calls('oncustomsysmsg').map(([m]) => m.from)).toEqual(['ann']);
  });
});
