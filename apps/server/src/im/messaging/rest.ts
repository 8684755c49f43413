// The message actions of the server REST API in NIM's convention (/nimserver/msg/*.action,
// form-encoded, CheckSum-signed): an app server sends as one of its accounts, one-to-one or to a
// team, through every check a client's send meets (blacklists, mutes, team rules, quotas), and
// the message reaches every device of the sender and the receiver like any other.
import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { MSG_TYPES, OutgoingMsg, type Msg } from '@morsel/protocol';
import type { ImAccounts } from '../accounts/index.ts';
import { CommandError, type Session } from '../gateway/index.ts';
import { BATCH_RECIPIENTS_MAX, type NimFormOf } from '@morsel/protocol/nim-rest';
import { NimError, nimAction, restSessions, type NimActions } from '../rest/index.ts';
import type { Messaging } from './index.ts';

/** NIM's `option` flags and the message flags they set. */
const OPTION_FLAGS = {
  roam: 'isRoamingable',
  history: 'isHistoryable',
  sendersync: 'isSyncable',
  push: 'isPushable',
  persistent: 'isOfflinable',
  badge: 'isUnreadable',
  needPushNick: 'needPushNick',
  route: 'cc',
} as const;

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NimError(414, `${what} must be JSON`);
  }
}

function flagsOf(option: string | undefined): Partial<Record<string, boolean>> {
  if (option === undefined) return {};
  const parsed = parseJson(option, 'option');
  if (!parsed || typeof parsed !== 'object')
    throw new NimError(414, 'option must be a JSON object');
  const flags: Partial<Record<string, boolean>> = {};
  for (const [name, flag] of Object.entries(OPTION_FLAGS)) {
    const value = (parsed as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new NimError(414, `option.${name} must be true or false`);
    flags[flag] = value;
  }
  return flags;
}

/** NIM's `body` for each type as the fields of our message. */
function payloadOf(type: number, body: string): Partial<OutgoingMsg> {
  if (type === MSG_TYPES.custom) return { content: body };
  const parsed = parseJson(body, 'body') as Record<string, unknown> | null;
  if (!parsed || typeof parsed !== 'object') throw new NimError(414, 'body must be a JSON object');
  if (type === MSG_TYPES.text || type === MSG_TYPES.tip) {
    if (typeof parsed.msg !== 'string') throw new NimError(414, 'body.msg must be a string');
    return { text: parsed.msg };
  }
  if (type === MSG_TYPES.geo) return { geo: parsed as OutgoingMsg['geo'] };
  return { file: parsed as OutgoingMsg['file'] };
}

/** A batch's `toAccids`: a JSON array of 1 to 500 accids (414 otherwise), without repeats. */
export function batchRecipients(text: string): string[] {
  const recipients = parseJson(text, 'toAccids');
  if (
    !Array.isArray(recipients) ||
    recipients.length === 0 ||
    recipients.length > BATCH_RECIPIENTS_MAX ||
    !recipients.every((r) => typeof r === 'string' && r.length > 0 && r.length <= 32)
  )
    throw new NimError(414, `toAccids must be a JSON array of 1 to ${BATCH_RECIPIENTS_MAX} accids`);
  return [...new Set(recipients as string[])];
}

type SendForm = NimFormOf<'msg/sendMsg'>;

/** The message a form describes, checked against the message schema (414 naming the field). */
export function outgoingOf(
  form: Omit<SendForm, 'from' | 'ope' | 'to'>,
  scene: Msg['scene'],
  to: string,
): OutgoingMsg {
  const type = Number(form.type) as OutgoingMsg['type'];
  const forced = form.forcepushlist !== undefined || form.forcepushall === 'true';
  const outgoing = {
    scene,
    to,
    type,
    idClient: randomUUID(),
    ...payloadOf(type, form.body),
    ...flagsOf(form.option),
    ...(form.pushcontent !== undefined && { pushContent: form.pushcontent }),
    ...(form.payload !== undefined && { pushPayload: form.payload }),
    ...(form.ext !== undefined && { custom: form.ext }),
    ...(forced && {
      apns: {
        ...(form.forcepushlist !== undefined && {
          accounts: parseJson(form.forcepushlist, 'forcepushlist') as string[],
        }),
        ...(form.forcepushcontent !== undefined && { content: form.forcepushcontent }),
        forcePush: true,
      },
    }),
  };
  const error = Value.Errors(OutgoingMsg, outgoing).First();
  if (error) throw new NimError(414, `${error.path.slice(1) || 'message'}: ${error.message}`);
  return outgoing as OutgoingMsg;
}

export function messageRestActions(
  messaging: Messaging,
  accounts: ImAccounts,
  now: () => number,
): NimActions {
  const senderSession = restSessions(accounts, now);
  const send = async (session: Session, outgoing: OutgoingMsg, ip: string) => {
    try {
      return await messaging.send(session, outgoing, { ip });
    } catch (error) {
      if (error instanceof CommandError) throw new NimError(error.code, error.message);
      throw error;
    }
  };

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'msg/sendMsg', async ({ appKey, form, request }) => {
      const session = await senderSession(appKey, form.from);
      const msg = await send(
        session,
        outgoingOf(form, form.ope === '1' ? 'team' : 'p2p', form.to),
        request.ip,
      );
      return { data: { msgid: Number(msg.idServer), timetag: msg.time, antispam: false } };
    });

    nimAction(scope, appKeyOf, 'msg/sendBatchMsg', async ({ appKey, form, request }) => {
      const recipients = batchRecipients(form.toAccids);
      const session = await senderSession(appKey, form.fromAccid);
      const unregister: string[] = [];
      const msgids: Record<string, number> = {};
      let timetag = 0;
      for (const to of recipients) {
        if (!(await accounts.get(appKey, to))) {
          unregister.push(to);
          continue;
        }
        const msg = await send(session, outgoingOf(form, 'p2p', to), request.ip);
        msgids[to] = Number(msg.idServer);
        timetag = msg.time;
      }
      return {
        unregister: JSON.stringify(unregister),
        ...(form.returnMsgid === 'true' && { data: { timetag, msgids } }),
      };
    });

    nimAction(scope, appKeyOf, 'superteam/sendMsg', async ({ appKey, form, request }) => {
      const session = await senderSession(appKey, form.fromAccid);
      // NIM's super-team form spells the push fields its own way; the message is the same.
      const content = {
        type: form.type,
        body: form.body,
        ...(form.option !== undefined && { option: form.option }),
        ...(form.ext !== undefined && { ext: form.ext }),
        ...(form.pushContent !== undefined && { pushcontent: form.pushContent }),
        ...(form.pushPayload !== undefined && { payload: form.pushPayload }),
        ...(form.forcePushList !== undefined && { forcepushlist: form.forcePushList }),
        ...(form.forcePushContent !== undefined && { forcepushcontent: form.forcePushContent }),
        ...(form.forcePushAll !== undefined && { forcepushall: form.forcePushAll }),
      };
      const msg = await send(session, outgoingOf(content, 'superTeam', form.tid), request.ip);
      return { data: { msgid: Number(msg.idServer), timetag: msg.time, antispam: false } };
    });
  };
}
