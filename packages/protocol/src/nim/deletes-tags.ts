// NIM's tags of session and one-way deletes, read from the SDK's serializeMap: kept apart from
// deletes.ts so that tags.ts can list them without an import cycle.

/** A server session (NIM's `session`): its id is `<scene>|<to>`, a super team's `super_team|<id>`. */
export const SESSION_TAGS = { id: 1, updateTime: 2, ext: 3, lastMsg: 4 } as const;

/**
 * A one-way delete (NIM's deleteMsgSelfTag): the message (scene 1 one-to-one, 2 team), its
 * sender, recipient, ids and time, and when it was deleted.
 */
export const DELETE_MSG_SELF_TAGS = {
  scene: 1,
  from: 2,
  to: 3,
  idServer: 4,
  idClient: 5,
  time: 6,
  deletedTime: 7,
  custom: 8,
} as const;
