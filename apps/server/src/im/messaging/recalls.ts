// Recall notices (document 2: system messages of type deleteMsg, deleteMsgSuperTeam), the same
// for the live push (msgDeleted) and for a device that was away (syncDeletedMsgs in the deleteMsg
// sync category). Each scene finds the recalls an account should hear of since a timetag.
import type { Msg, RequestOf } from '@morsel/protocol';

export type RecallNotice = RequestOf<'msgDeleted'>['deleted'];

/** Recalls after `since` in conversations the account takes part in (one scene's share). */
export type RecallSource = (
  appKey: string,
  accid: string,
  since: number,
) => Promise<RecallNotice[]>;

export interface RecalledRow {
  id: number | string;
  id_client: string;
  scene: string;
  from_accid: string;
  to_target: string;
  time: number | string;
  deleted_at: number | string | null;
  deleted_by: string | null;
  delete_ps: string | null;
}

/** The notice of a recalled message, as the account's session `sessionId` shows it. */
export function recallNotice(row: RecalledRow, sessionId: string): RecallNotice {
  const scene = row.scene as Msg['scene'];
  const time = Number(row.time);
  return {
    sessionId,
    idServer: String(row.id),
    idClient: row.id_client,
    from: row.from_accid,
    time,
    opeAccount: row.deleted_by ?? row.from_accid,
    deletedAt: Number(row.deleted_at),
    ...(row.delete_ps !== null && { ps: row.delete_ps }),
    type: scene === 'superTeam' ? 'deleteMsgSuperTeam' : 'deleteMsg',
    category: 'msg',
    scene,
    to: row.to_target,
    deletedIdServer: String(row.id),
    deletedIdClient: row.id_client,
    deletedMsgTime: time,
    read: false,
    state: 'init',
  };
}
