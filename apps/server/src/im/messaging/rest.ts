// The message actions of the server REST API in NIM's convention (/nimserver/msg/*.action,
// form-encoded, CheckSum-signed): an app server sends as one of its accounts, one-to-one or to a
// team, through every check a client's send meets (blacklists, mutes, team rules, quotas), and
// the message reaches every device of the sender and the receiver like any other.
import { randomUUID } from 'node:crypto';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CLIENT_TYPES, MSG_TYPES, OutgoingMsg, type Msg } from '@morsel/protocol';
import type { ImAccounts } from '../accounts/index.ts';
import { CommandError, type Session } from '../gateway/index.ts';
import { NimError, type NimActions } from '../rest/index.ts';
import type { Messaging } from './index.ts';

const strict = { additionalProperties: false } as const;
const Accid = Type.String({ minLength: 1, maxLength: 32 });
const Bool = Type.Union([Type.Literal('true'), Type.Literal('false')]);
/** NIM's message types a server may send: text, image, audio, video, location, file, tip, custom. */
const NimMsgType = Type.Union(
  ['0', '1', '2', '3', '4', '6', '10', '100'].map((t) => Type.Literal(t)),
  { description: '0 text, 1 image, 2 audio, 3 video, 4 location, 6 file, 10 tip, 100 custom' },
);

/** What every send carries besides its addressees. */
const content = {
  type: NimMsgType,
  body: Type.String({ minLength: 1, maxLength: 10_000 }),
  option: Type.Optional(Type.String({ maxLength: 1024 })),
  pushcontent: Type.Optional(Type.String({ maxLength: 500 })),
  payload: Type.Optional(Type.String({ maxLength: 2048 })),
  ext: Type.Optional(Type.String({ maxLength: 4096 })),
  returnMsgid: Type.Optional(Bool),
  // NIM parameters taken and without effect here (no anti-spam service, no read marks by server).
  antispam: Type.Optional(Bool),
  antispamCustom: Type.Optional(Type.String({ maxLength: 5000 })),
  bid: Type.Optional(Type.String({ maxLength: 128 })),
  useYidun: Type.Optional(Type.String({ maxLength: 8 })),
  markRead: Type.Optional(Type.String({ maxLength: 8 })),
};

const forms = {
  sendMsg: Type.Object(
    {
      from: Accid,
      ope: Type.Union([Type.Literal('0'), Type.Literal('1')], {
        description: '0 one-to-one, 1 team',
      }),
      to: Type.String({ minLength: 1, maxLength: 32 }),
      forcepushlist: Type.Optional(Type.String({ maxLength: 20_000 })),
      forcepushcontent: Type.Optional(Type.String({ maxLength: 500 })),
      forcepushall: Type.Optional(Bool),
      ...content,
    },
    strict,
  ),
  sendBatchMsg: Type.Object(
    {
      fromAccid: Accid,
      toAccids: Type.String({ minLength: 2, maxLength: 20_000 }),
      ...content,
    },
    strict,
  ),
};

/** NIM's per-call limit of sendBatchMsg. */
export const BATCH_RECIPIENTS_MAX = 500;

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

function parseJson(text: string, what: string): unknown {
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

type SendForm = Static<typeof forms.sendMsg>;

/** The message a form describes, checked against the message schema (414 naming the field). */
function outgoingOf(
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
  /** The sender as a session of the server API: client type Server, every device told. */
  const senderSession = async (appKey: string, accid: string): Promise<Session> => {
    const account = await accounts.get(appKey, accid);
    if (!account) throw new NimError(404, `account ${accid} does not exist`);
    if (account.blocked) throw new NimError(403, `account ${accid} is blocked`);
    return {
      appKey,
      accid: account.accid,
      nick: account.name,
      clientType: CLIENT_TYPES.Server,
      deviceId: 'nimserver',
      os: 'REST',
      loginAt: now(),
    };
  };
  const send = async (session: Session, outgoing: OutgoingMsg, ip: string) => {
    try {
      return await messaging.send(session, outgoing, { ip });
    } catch (error) {
      if (error instanceof CommandError) throw new NimError(error.code, error.message);
      throw error;
    }
  };

  return (scope, appKeyOf) => {
    const action = <S extends TSchema>(
      name: keyof typeof forms,
      schema: S,
      handle: (appKey: string, body: Static<S>, ip: string) => Promise<Record<string, unknown>>,
    ) =>
      scope.post<{ Body: Static<S> }>(
        `/nimserver/msg/${name}.action`,
        { schema: { body: schema } },
        async (request) => ({
          code: 200,
          ...(await handle(appKeyOf(request), request.body, request.ip)),
        }),
      );

    action('sendMsg', forms.sendMsg, async (appKey, form, ip) => {
      const session = await senderSession(appKey, form.from);
      const msg = await send(
        session,
        outgoingOf(form, form.ope === '1' ? 'team' : 'p2p', form.to),
        ip,
      );
      return { data: { msgid: Number(msg.idServer), timetag: msg.time, antispam: false } };
    });

    action('sendBatchMsg', forms.sendBatchMsg, async (appKey, form, ip) => {
      const recipients = parseJson(form.toAccids, 'toAccids');
      if (
        !Array.isArray(recipients) ||
        recipients.length === 0 ||
        recipients.length > BATCH_RECIPIENTS_MAX ||
        !recipients.every((r) => typeof r === 'string' && r.length > 0 && r.length <= 32)
      )
        throw new NimError(
          414,
          `toAccids must be a JSON array of 1 to ${BATCH_RECIPIENTS_MAX} accids`,
        );
      const session = await senderSession(appKey, form.fromAccid);
      const unregister: string[] = [];
      const msgids: Record<string, number> = {};
      let timetag = 0;
      for (const to of new Set(recipients as string[])) {
        if (!(await accounts.get(appKey, to))) {
          unregister.push(to);
          continue;
        }
        const msg = await send(session, outgoingOf(form, 'p2p', to), ip);
        msgids[to] = Number(msg.idServer);
        timetag = msg.time;
      }
      return {
        unregister: JSON.stringify(unregister),
        ...(form.returnMsgid === 'true' && { data: { timetag, msgids } }),
      };
    });
  };
}
