// Commands retired from the table, as protobuf's `reserved`: NIM's separate team and super-team
// message commands, which this protocol folds into the scene-carrying messaging commands (sendMsg,
// getHistoryMsgs, deleteMsg, markSessionAck... with `scene: 'team' | 'superTeam'`). No SDK sends
// them and no server handles them. Their ids stay reserved: the table refuses to reuse one, and
// the server answers one Not_Support, as it did while they were declared.
export interface RetiredCommand {
  sid: number;
  cid: number;
  name: string;
}

export const RETIRED_COMMANDS: readonly RetiredCommand[] = [
  { sid: 8, cid: 2, name: 'sendTeamMsg' },
  { sid: 8, cid: 3, name: 'teamMsg' },
  { sid: 8, cid: 23, name: 'getTeamHistoryMsgs' },
  { sid: 8, cid: 24, name: 'searchTeamHistoryMsgs' },
  { sid: 8, cid: 33, name: 'deleteTeamMsg' },
  { sid: 21, cid: 2, name: 'sendSuperTeamMsg' },
  { sid: 21, cid: 3, name: 'superTeamMsg' },
  { sid: 21, cid: 25, name: 'deleteSuperTeamMsg' },
  { sid: 21, cid: 26, name: 'markSuperTeamSessionAck' },
  { sid: 21, cid: 27, name: 'getSuperTeamHistoryMsgs' },
];
