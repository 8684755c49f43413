// The sync categories, declared once for both sides: the timetag names a client sends in `sync`
// (service 5) and the server's sync sources serve, each with the pushes that carry its data and
// whether a device with a local database keeps that data across visits.
import type { CommandName } from './commands/index.ts';

export interface SyncCategoryDef {
  /**
   * The pushes that carry the category's data during a sync. The SDK handles these at once, even
   * mid-sync; every other push arriving during a sync is held until it is done.
   */
  readonly pushes: readonly CommandName[];
  /**
   * A device with a local database keeps this category's data, and so its timetag, across visits.
   * Any other category lives in memory only and starts over at each visit: a stored timetag would
   * tell the server the device holds data a reload lost, and the sync would never send it again.
   */
  readonly stored: boolean;
}

const MSGS = ['syncOfflineMsgs', 'syncRoamingMsgs'] as const;

export const SYNC_CATEGORIES = {
  myInfo: { pushes: ['syncMyInfo'], stored: false },
  offlineMsgs: { pushes: MSGS, stored: true },
  // syncSessionAck is NIM's; this server carries a session's read state in syncSessions.
  sessions: { pushes: ['syncSessions', 'syncSessionAck'], stored: true },
  msgReceipts: { pushes: ['syncMsgReceipts'], stored: true },
  deleteMsg: { pushes: ['syncDeletedMsgs', 'syncDeletedMsgsSelf'], stored: true },
  sysMsgs: { pushes: ['syncOfflineSysMsgs'], stored: true },
  friends: { pushes: ['syncFriends'], stored: false },
  friendUsers: { pushes: ['syncFriendUsers'], stored: false },
  relations: { pushes: ['syncRelations'], stored: false },
  teams: { pushes: ['syncTeams'], stored: false },
  myTeamMembers: { pushes: ['syncMyTeamMembers'], stored: false },
  teamMsgs: { pushes: MSGS, stored: true },
  superTeams: { pushes: ['syncSuperTeams'], stored: false },
  mySuperTeamMembers: { pushes: ['syncMySuperTeamMembers'], stored: false },
  superTeamMsgs: { pushes: MSGS, stored: true },
  superTeamSessions: { pushes: ['syncSessions'], stored: true },
  stickTopSessions: { pushes: ['syncStickTopSessions'], stored: true },
  msgPins: { pushes: ['syncMsgPins'], stored: false },
  quickComments: { pushes: ['syncQuickComments'], stored: false },
  donnop: { pushes: ['syncDonnop'], stored: false },
  // Signalling state (channels the account is in, offline invitations): current, sent whole.
  avSignal: { pushes: ['signalingChannelsSync', 'signalingUnreadSync'], stored: false },
  // Broadcasts kept for offline accounts: the SDK keeps none in its database, so each visit gets
  // the unexpired ones again (as NIM's SDK without a database does).
  broadcastMsgs: { pushes: ['syncBroadcastMsgs'], stored: false },
} as const satisfies Record<string, SyncCategoryDef>;

export type SyncCategory = keyof typeof SYNC_CATEGORIES;

/**
 * The timetags a client sends and gets back, one per category. The wire schema stays an open map:
 * a category this server does not know keeps the timetag the client sent (an older or newer SDK).
 */
export type SyncTimetags = Partial<Record<SyncCategory, number>>;

export const SYNC_CATEGORY_NAMES = Object.keys(SYNC_CATEGORIES) as SyncCategory[];

export function isSyncCategory(name: string): name is SyncCategory {
  return Object.hasOwn(SYNC_CATEGORIES, name);
}

/** Every push that carries a category's data (see SyncCategoryDef.pushes). */
export const SYNC_DATA_PUSHES: ReadonlySet<CommandName> = new Set(
  Object.values(SYNC_CATEGORIES).flatMap((category) => category.pushes),
);

/** The categories a device's local database keeps (see SyncCategoryDef.stored). */
export const STORED_SYNC_CATEGORIES: ReadonlySet<SyncCategory> = new Set(
  SYNC_CATEGORY_NAMES.filter((name) => SYNC_CATEGORIES[name].stored),
);

/** The timetags of known categories only, from a reply's open map. */
export function syncTimetagsOf(timetags: Record<string, number>): SyncTimetags {
  return Object.fromEntries(Object.entries(timetags).filter(([name]) => isSyncCategory(name)));
}
