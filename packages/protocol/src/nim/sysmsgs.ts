// System messages between NIM's wire and ours. NIM numbers a system message's type (7 a recall of
// a one-to-one message, 8 of a team message, 5 a friend request whose attach says which...) and
// carries a recall as a system message naming the recalled message by its deleted ids.
import type { PushParams } from '../commands/index.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { int } from './values.ts';

type DeletedMsg = PushParams<'msgDeleted'>['deleted'];

/** NIM's type numbers of a recall notice, by the recalled message's scene. */
const RECALL_TYPES = { p2p: 7, team: 8, superTeam: 12 } as const;

const sceneOfRecall = (type: string | undefined) =>
  (Object.keys(RECALL_TYPES) as (keyof typeof RECALL_TYPES)[]).find(
    (scene) => String(RECALL_TYPES[scene]) === type,
  );

/**
 * A recall NIM's SDK sends (deleteMsg, 7_13: the notice it wants delivered, naming the message),
 * as our deleteMsg request. An unknown type leaves the scene out, for the schema to refuse.
 */
export function recallFromNim(property: unknown): Record<string, unknown> {
  const f = fromTags('sysMsg', property);
  return {
    msg: {
      scene: sceneOfRecall(f.type),
      from: f.from,
      to: f.to,
      idServer: f.deletedIdServer,
      idClient: f.deletedIdClient,
      time: int(f.time),
    },
    ps: f.ps,
  };
}

/** Our recall notice as NIM's system message (the SDK rebuilds the recalled message from it). */
export function recallToNim(deleted: DeletedMsg): NimProperty {
  return toTags('sysMsg', {
    time: deleted.deletedAt,
    type: RECALL_TYPES[deleted.scene],
    from: deleted.from,
    to: deleted.to,
    ps: deleted.ps,
    idServer: deleted.idServer,
    deletedIdClient: deleted.deletedIdClient,
    deletedIdServer: deleted.deletedIdServer,
    deletedMsgTime: deleted.deletedMsgTime,
    opeAccount: deleted.opeAccount,
  });
}
