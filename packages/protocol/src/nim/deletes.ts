// Deleting sessions and one-way deletes between NIM's wire and ours. NIM names a server session
// `<scene>|<to>` (a super team `super_team|<id>`) where ours is `<scene>-<to>`; its one-way
// delete (deleteMsgSelfTag) numbers the scene 1 one-to-one, 2 team (a super team has none), and
// it travels on NIM's own ids: deleteMsgSelf 7_23, deleteMsgSelfBatch 7_24, the account's other
// devices told live as onDeleteMsgSelf (7_123; a batch's as onDeleteMsgSelfBatch, 7_124) and at
// sync as syncDeleteMsgSelf (4_21).
import type { PushParams } from '../commands/index.ts';
import type { NimDialect, NimParam } from './dialect.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { int, propertyList } from './values.ts';

const SESSION_SCENES: Record<string, string> = {
  p2p: 'p2p',
  team: 'team',
  super_team: 'superTeam',
};

/** NIM's `p2p|acc` as our `p2p-acc`; anything else stays as it came, for the schema to refuse. */
export function sessionIdFromNim(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const bar = value.indexOf('|');
  const scene = bar > 0 ? SESSION_SCENES[value.slice(0, bar)] : undefined;
  return scene ? `${scene}-${value.slice(bar + 1)}` : value;
}

const SELF_DELETE_SCENES = { p2p: 1, team: 2 } as const;

/** A deleteMsgSelfTag as our message key (and the `custom` NIM sends with it). */
function selfDeleteFromNim(property: unknown) {
  const f = fromTags('deleteMsgSelfTag', property);
  const scene = f.scene === '1' ? 'p2p' : f.scene === '2' ? 'team' : f.scene;
  return {
    msg: {
      scene,
      from: f.from,
      to: f.to,
      idServer: f.idServer,
      idClient: f.idClient,
      time: int(f.time),
    },
    custom: f.custom,
  };
}

type Deleted = PushParams<'syncDeletedMsgsSelf'>['deleted'][number];

/** Our one-way delete as NIM's deleteMsgSelfTag; a super team's has none (left out). */
function selfDeleteToNim(deleted: Omit<Deleted, 'sessionId'>): NimProperty | undefined {
  if (deleted.scene === 'superTeam') return undefined;
  return toTags('deleteMsgSelfTag', { ...deleted, scene: SELF_DELETE_SCENES[deleted.scene] });
}

/** A live one-way delete of ours (msgDeletedSelf, or one of msgsDeletedSelf's) as NIM's tag. */
const liveSelfDeleteToNim = (p: PushParams<'msgDeletedSelf'>) =>
  selfDeleteToNim({
    scene: p.type === 'deleteMsgP2pOneWay' ? 'p2p' : 'team',
    idServer: p.deletedIdServer,
    idClient: p.deletedIdClient,
    from: p.from,
    to: p.to,
    time: p.deletedMsgTime,
    deletedTime: p.time,
  });

const sessionIds = (list: unknown) => (Array.isArray(list) ? list.map(sessionIdFromNim) : list);

/** The NIM dialect of session and one-way deletes, spread into NIM_DIALECT (dialect.ts). */
export const DELETES_DIALECT = {
  // NIM's deleteServerSessions (7_22): session maps named by id. Its older deleteSession with
  // `isDeleteRoaming` sends deleteSessions (7_9): the ids as text. Both delete the same rows here.
  deleteServerSessions: {
    request: (q: readonly NimParam[]) => {
      const list = propertyList(q[0]?.v);
      return {
        sessions: Array.isArray(list)
          ? list.map((item) => sessionIdFromNim(fromTags('session', item).id))
          : list,
      };
    },
  },
  deleteSessions: { request: (q) => ({ sessions: sessionIds(q[0]?.v) }) },
  deleteMsgSelf: {
    nimIds: [{ sid: 7, cid: 23 }],
    request: (q) => selfDeleteFromNim(q[0]?.v),
    reply: (p) => [p.time],
  },
  deleteMsgSelfBatch: {
    nimIds: [{ sid: 7, cid: 24 }],
    request: (q) => {
      const list = propertyList(q[0]?.v);
      if (!Array.isArray(list)) return { msgs: list };
      const items = list.map(selfDeleteFromNim);
      return { msgs: items.map((item) => item.msg), custom: items[0]?.custom };
    },
    reply: (p) => [p.time],
  },
  msgDeletedSelf: {
    nimId: () => ({ sid: 7, cid: 123 }),
    push: (p) => [liveSelfDeleteToNim(p)],
  },
  // A batch's deletes in one packet (NIM's onDeleteMsgSelfBatch, a deleteMsgSelfTag array).
  msgsDeletedSelf: {
    nimId: () => ({ sid: 7, cid: 124 }),
    push: (p) => [p.deleted.map(liveSelfDeleteToNim).filter((tag) => tag !== undefined)],
  },
  syncDeletedMsgsSelf: {
    nimId: () => ({ sid: 4, cid: 21 }),
    push: (p) => [p.deleted.map(selfDeleteToNim).filter((tag) => tag !== undefined)],
  },
} satisfies NimDialect;
