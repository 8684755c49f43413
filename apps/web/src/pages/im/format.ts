// How the chat pages word a message and a time (docs/chat-pages.md).
import type { ClientMsg } from '@morsel/im-sdk';
import { MSG_TYPES } from '@morsel/protocol';

/** What the session list shows of a last message. */
export function previewOf(msg: Pick<ClientMsg, 'type' | 'text'> | undefined): string {
  if (!msg) return '';
  switch (msg.type) {
    case MSG_TYPES.text:
    case MSG_TYPES.tip:
      return msg.text ?? '';
    case MSG_TYPES.image:
      return '[图片]';
    case MSG_TYPES.audio:
      return '[语音]';
    case MSG_TYPES.video:
      return '[视频]';
    case MSG_TYPES.file:
      return '[文件]';
    case MSG_TYPES.geo:
      return '[位置]';
    case MSG_TYPES.notification:
      return '[群通知]';
    default:
      return '[消息]';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 14:05 today, 昨天 14:05, 11-24 14:05 this year, 2025-11-24 before. */
export function chatTime(time: number, now: number): string {
  const at = new Date(time);
  const today = new Date(now);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  if (time >= startOfToday) return clock;
  if (time >= startOfToday - 86_400_000) return `昨天 ${clock}`;
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  if (at.getFullYear() === today.getFullYear()) return `${day} ${clock}`;
  return `${at.getFullYear()}-${day} ${clock}`;
}

/** An unread count as a badge shows it. */
export const badgeText = (unread: number): string => (unread > 99 ? '99+' : String(unread));

/** The sessionId of a conversation, as the SDK names it. */
export const sessionIdOf = (scene: 'p2p' | 'team', to: string): string =>
  `${scene}-${scene === 'p2p' ? to.toLowerCase() : to}`;

/** What a team notification says, centred in the chat (a join, a leave, a change). */
export function notificationText(
  msg: Pick<ClientMsg, 'attach' | 'from' | 'fromNick'>,
  nameOf: (account: string) => string,
): string {
  let attach: { type?: string; accounts?: string[] } = {};
  try {
    attach = JSON.parse(msg.attach ?? '{}') as typeof attach;
  } catch {
    return '群通知';
  }
  const actor = msg.fromNick || nameOf(msg.from);
  const who = (attach.accounts ?? []).map(nameOf).join('、') || actor;
  switch (attach.type) {
    case 'passTeamApply':
    case 'acceptTeamInvite':
    case 'addTeamMembers':
      return `${who} 加入了群聊`;
    case 'leaveTeam':
      return `${actor} 退出了群聊`;
    case 'removeTeamMembers':
      return `${who} 被移出了群聊`;
    case 'dismissTeam':
      return '该群已解散';
    case 'updateTeam':
      return `${actor} 修改了群资料`;
    case 'transferTeam':
      return `${actor} 转让了群主`;
    default:
      return '群通知';
  }
}
