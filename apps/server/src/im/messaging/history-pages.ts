// A page of one conversation's history as an account reads it: what it may read of the
// conversation (a team member from its join), after what it cleared, stored with history. The IM
// link's getHistoryMsgs and searchHistoryMsgs and the server API's history actions read through it.
import type { Kysely } from 'kysely';
import { LIMITS, type Msg, type RequestOf } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { history, searchHistory, type HistoryQuery, type SearchBounds } from './message-store.ts';
import type { SceneRegistry } from './scenes.ts';
import { sessionIdOf } from './scenes.ts';
import { getSessionRow } from './session-store.ts';

/** The account that reads. */
export interface HistoryReader {
  appKey: string;
  accid: string;
}

export interface HistoryPageDeps {
  db: Kysely<Database>;
  scenes: SceneRegistry;
  now: () => number;
}

/** A page of history (or search results, with a keyword) of one of the account's sessions. */
export async function historyPage(
  { db, scenes, now }: HistoryPageDeps,
  reader: HistoryReader,
  query: RequestOf<'getHistoryMsgs'> & { keyword?: string },
  bounds?: SearchBounds,
): Promise<Msg[]> {
  const conversation = await scenes
    .get(query.scene)
    .forReading(reader.appKey, reader.accid, query.to);
  const sessionId = sessionIdOf(query.scene, conversation.target);
  const row = await getSessionRow(db, reader.appKey, reader.accid, sessionId);
  const historyQuery: HistoryQuery = {
    appKey: reader.appKey,
    accid: reader.accid,
    convKey: conversation.convKey,
    clearedBefore: Number(row?.cleared_before ?? 0),
    ...(conversation.readableFrom !== undefined && { readableFrom: conversation.readableFrom }),
    ...(query.beginTime !== undefined && { beginTime: query.beginTime }),
    ...(query.endTime !== undefined && { endTime: query.endTime }),
    ...(query.lastMsgId !== undefined && { lastMsgId: query.lastMsgId }),
    limit: query.limit ?? LIMITS.historyDefaultLimit,
    reverse: query.reverse ?? false,
    ...(query.msgTypes && { msgTypes: query.msgTypes }),
    ...(query.keyword && { keyword: query.keyword }),
  };
  if (bounds && query.keyword)
    return searchHistory(db, { ...historyQuery, keyword: query.keyword }, bounds, now());
  return history(db, historyQuery);
}
