// Messages between NIM's wire and ours: NIM carries a message as one property map (tags of
// NIM_TAGS.msg) with numeric scenes, the text in `body` and every payload (file, location, custom
// content) as JSON text in `attach`; ours names each payload.
import type { Msg, OutgoingMsg } from '../commands/shapes/messaging.ts';
import { MSG_TYPES } from '../commands/shapes/messaging.ts';
import { fileFromNim } from './files.ts';
import { robotFromNim, robotToNim } from './robots.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { teamNotificationToNim } from './teams.ts';
import { bool, int } from './values.ts';

export const SCENE_NUMBERS = { p2p: 0, team: 1, superTeam: 5 } as const;
type SceneName = keyof typeof SCENE_NUMBERS;

/** NIM's scene number (as text) to our scene name; anything else stays, for validation to refuse. */
export function sceneOf(value: string | undefined): SceneName | string | undefined {
  const found = (Object.keys(SCENE_NUMBERS) as SceneName[]).find(
    (name) => String(SCENE_NUMBERS[name]) === value,
  );
  return found ?? value;
}

const FILE_TYPES: ReadonlySet<number> = new Set([
  MSG_TYPES.image,
  MSG_TYPES.audio,
  MSG_TYPES.video,
  MSG_TYPES.file,
]);

/** JSON text to a value; text that is not JSON stays as it is, for validation to refuse. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const FLAGS = [
  'isHistoryable',
  'isRoamingable',
  'isSyncable',
  'cc',
  'isPushable',
  'isOfflinable',
  'isUnreadable',
  'needPushNick',
  'needMsgReceipt',
  'needUpdateSession',
] as const;

/** A message a NIM client sends, as our `sendMsg` takes it (validated after). */
export function outgoingFromNim(
  property: unknown,
  /** The scene NIM's command implies (a team message is sent as 8_2). */
  impliedScene?: SceneName,
): Partial<Record<keyof OutgoingMsg, unknown>> {
  const f = fromTags('msg', property);
  const type = int(f.type);
  const msg: Partial<Record<keyof OutgoingMsg, unknown>> = {
    scene: impliedScene ?? sceneOf(f.scene),
    to: f.to,
    type,
    idClient: f.idClient,
  };
  if (f.resend !== undefined) msg.resend = bool(f.resend);
  // A robot message's body repeats its content; the robot's part is in attach.
  if (f.body !== undefined && f.body !== '' && type !== MSG_TYPES.robot) msg.text = f.body;
  if (f.attach !== undefined && f.attach !== '') {
    if (typeof type === 'number' && FILE_TYPES.has(type)) msg.file = fileFromNim(parsed(f.attach));
    else if (type === MSG_TYPES.robot) msg.robot = robotFromNim(f.attach, f.to);
    else if (type === MSG_TYPES.geo) msg.geo = parsed(f.attach);
    else if (type === MSG_TYPES.custom) msg.content = f.attach;
    else msg.attach = f.attach;
  }
  for (const key of ['custom', 'pushContent', 'pushPayload'] as const)
    if (f[key] !== undefined && f[key] !== '') msg[key] = f[key];
  for (const flag of FLAGS) if (f[flag] !== undefined) msg[flag] = bool(f[flag]);
  return msg;
}

/**
 * NIM delivers a team message as teamMsg (8_3), a super-team message as superTeamMsg (21_3) and a
 * one-to-one message as msg (7_2). What the viewer's account sent from another of its devices
 * reaches it as syncSendMsg (7_101), syncSendTeamMsg (8_102) or syncSendSuperTeamMsg (21_102),
 * except a one-to-one message to itself, which NIM's SDK takes as received (it drops a
 * syncSendMsg whose sender is its recipient).
 */
export function nimMsgId(msg: Msg, viewer?: string): { sid: number; cid: number } {
  const fromViewer = viewer !== undefined && msg.from === viewer;
  if (msg.scene === 'team') return { sid: 8, cid: fromViewer ? 102 : 3 };
  if (msg.scene === 'superTeam') return { sid: 21, cid: fromViewer ? 102 : 3 };
  return fromViewer && msg.to !== viewer ? { sid: 7, cid: 101 } : { sid: 7, cid: 2 };
}

/** Our delivered message as NIM's property map. */
export function msgToNim(msg: Msg): NimProperty {
  const payload = msg.file ?? msg.geo ?? msg.content ?? msg.attach;
  let attach = typeof payload === 'string' ? payload : payload && JSON.stringify(payload);
  if (msg.robot) attach = robotToNim(msg.robot);
  // A team notification's attach has NIM's own layout.
  if (msg.type === MSG_TYPES.notification && attach && msg.scene !== 'p2p')
    attach = teamNotificationToNim(attach);
  return toTags('msg', {
    ...msg,
    scene: SCENE_NUMBERS[msg.scene],
    body: msg.text ?? msg.robot?.content ?? '',
    attach,
  });
}
