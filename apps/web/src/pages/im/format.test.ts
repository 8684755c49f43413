import { describe, expect, it } from 'vitest';
import { MSG_TYPES } from '@morsel/protocol';
import { badgeText, chatTime, notificationText, previewOf, sessionIdOf } from './format.ts';

describe('chat wording', () => {
  it('previews each kind of message', () => {
    expect(previewOf({ type: MSG_TYPES.text, text: '你好' })).toBe('你好');
    expect(previewOf({ type: MSG_TYPES.image })).toBe('[图片]');
    expect(previewOf({ type: MSG_TYPES.audio })).toBe('[语音]');
    expect(previewOf(undefined)).toBe('');
  });

  it('words a time by how long ago it was', () => {
    const now = new Date(2026, 10, 26, 15, 0).getTime();
    expect(chatTime(new Date(2026, 10, 26, 9, 5).getTime(), now)).toBe('09:05');
    expect(chatTime(new Date(2026, 10, 25, 23, 59).getTime(), now)).toBe('昨天 23:59');
    expect(chatTime(new Date(2026, 0, 3, 8, 0).getTime(), now)).toBe('01-03 08:00');
    expect(chatTime(new Date(2025, 11, 31, 8, 0).getTime(), now)).toBe('2025-12-31 08:00');
  });

  it('caps a badge at 99+ and names sessions as the SDK does', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(100)).toBe('99+');
    expect(sessionIdOf('p2p', 'Shopper7')).toBe('p2p-shopper7');
    expect(sessionIdOf('team', '123')).toBe('team-123');
  });

  it('words team notifications', () => {
    const nameOf = (account: string) => ({ shopper9: '小零' })[account] ?? account;
    const joined = { from: 'shopper9', attach: '{"type":"passTeamApply","accounts":["shopper9"]}' };
    expect(notificationText(joined, nameOf)).toBe('小零 加入了群聊');
    expect(
      notificationText({ from: 'a', fromNick: '阿明', attach: '{"type":"leaveTeam"}' }, nameOf),
    ).toBe('阿明 退出了群聊');
    expect(notificationText({ from: 'a', attach: 'not json' }, nameOf)).toBe('群通知');
  });
});
