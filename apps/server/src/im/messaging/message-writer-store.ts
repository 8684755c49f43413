// The send path's writes, a batch at a time: every message that arrives in one turn of the event
// loop is stored by the same four statements (the conversations' positions, the message rows,
// the sessions they touch, the commit) whatever the batch holds, instead of five statements and
// a savepoint pair per message. The SQL is written here once per engine and row count, not built
// by the query builder per call: this is the hottest write of the server (docs/benchmarks.md).
import { CompiledQuery, type Kysely } from 'kysely';
import { type Database, isSqlite, WriteBatcher } from '../../store/index.ts';
import type { ImMessageTable } from './tables.ts';
import type { Scene, SessionRef } from './scenes.ts';

/** What a batch needs of one message (`body` is already the stored JSON). */
export interface MessageWrite {
  appKey: string;
  convKey: string;
  now: number;
  row: Pick<
    ImMessageTable,
    | 'scene'
    | 'from_accid'
    | 'to_target'
    | 'id_client'
    | 'type'
    | 'text'
    | 'unreadable'
    | 'historyable'
    | 'roamingable'
    | 'offlinable'
    | 'body'
    | 'thread_root'
  >;
  /** Session rows the message moves to it; the sender's own row also takes it as read. */
  sessions?: { scene: Scene; refs: SessionRef[] };
}

export interface MessagePosition {
  id: number;
  seq: number;
  time: number;
}

const MESSAGE_COLUMNS = [
  'app_key',
  'conv_key',
  'seq',
  'scene',
  'from_accid',
  'to_target',
  'id_client',
  'type',
  'time',
  'text',
  'unreadable',
  'historyable',
  'roamingable',
  'offlinable',
  'body',
  'thread_root',
] as const;
const SESSION_COLUMNS = [
  'app_key',
  'accid',
  'session_id',
  'conv_key',
  'scene',
  'peer',
  'last_msg_id',
  'ack',
  'cleared_before',
  'ext',
  'deleted',
  'updated_at',
] as const;

/** Rows per statement: inside SQLite's and PostgreSQL's parameter limits (32,766 and 65,535). */
const MESSAGE_CHUNK = 256;
const SESSION_CHUNK = 500;

/** Statement texts by engine and row count. */
class Statements {
  private readonly cache = new Map<string, string>();

  constructor(private readonly sqlite: boolean) {}

  /** `(?, ?), (?, ?)` or `($1, $2), ($3, $4)` */
  private values(rows: number, columns: number): string {
    let n = 0;
    const param = this.sqlite ? () => '?' : () => `$${++n}`;
    return Array.from(
      { length: rows },
      () => `(${Array.from({ length: columns }, param).join(', ')})`,
    ).join(', ');
  }

  private get(kind: string, rows: number, build: () => string): string {
    const key = `${kind}:${rows}`;
    let text = this.cache.get(key);
    if (text === undefined) this.cache.set(key, (text = build()));
    return text;
  }

  /**
   * Moves each conversation on by `count` messages (its last_seq column carries the count, its
   * last_time the batch's clock): the new last time is the later of the clock and the previous
   * last time plus count, so every message of the batch gets a time after the one before.
   */
  positions(rows: number): string {
    return this.get(
      'positions',
      rows,
      () =>
        `insert into im_conversations (app_key, conv_key, last_seq, last_time) values ${this.values(rows, 4)} ` +
        'on conflict (app_key, conv_key) do update set last_seq = im_conversations.last_seq + excluded.last_seq, ' +
        'last_time = case when im_conversations.last_time + excluded.last_seq > excluded.last_time ' +
        'then im_conversations.last_time + excluded.last_seq else excluded.last_time end ' +
        'returning app_key, conv_key, last_seq, last_time',
    );
  }

  messages(rows: number): string {
    return this.get(
      'messages',
      rows,
      () =>
        `insert into im_messages (${MESSAGE_COLUMNS.join(', ')}) values ${this.values(rows, MESSAGE_COLUMNS.length)} ` +
        'returning id, app_key, from_accid, id_client',
    );
  }

  /** Sessions move to their last message and come back if deleted; an ack never moves back. */
  sessions(rows: number): string {
    return this.get(
      'sessions',
      rows,
      () =>
        `insert into im_sessions (${SESSION_COLUMNS.join(', ')}) values ${this.values(rows, SESSION_COLUMNS.length)} ` +
        'on conflict (app_key, accid, session_id) do update set last_msg_id = excluded.last_msg_id, ' +
        'updated_at = excluded.updated_at, deleted = 0, ' +
        'ack = case when excluded.ack > im_sessions.ack then excluded.ack else im_sessions.ack end',
    );
  }
}

const keyOf = (...parts: string[]) => parts.join('\u0000');

/** Rows sorted by key, so that concurrent batches on PostgreSQL lock rows in the same order. */
function sortedByKey<T>(entries: Map<string, T>): T[] {
  return [...entries]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, value]) => value);
}

async function execute<R>(db: Kysely<Database>, text: string, parameters: unknown[]): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows;
}

/**
 * Moves each conversation of the batch on once, by its number of messages, and hands out the
 * seqs and times in the batch's order (ids are filled in by insertRows).
 */
async function movePositions(
  trx: Kysely<Database>,
  statements: Statements,
  writes: MessageWrite[],
): Promise<MessagePosition[]> {
  const conversations = new Map<
    string,
    { appKey: string; convKey: string; count: number; now: number }
  >();
  for (const w of writes) {
    const key = keyOf(w.appKey, w.convKey);
    const entry = conversations.get(key);
    if (entry) {
      entry.count++;
      entry.now = Math.max(entry.now, w.now);
    } else conversations.set(key, { appKey: w.appKey, convKey: w.convKey, count: 1, now: w.now });
  }
  const rows = sortedByKey(conversations);
  const moved = await execute<{
    app_key: string;
    conv_key: string;
    last_seq: number;
    last_time: number;
  }>(
    trx,
    statements.positions(rows.length),
    rows.flatMap((c) => [c.appKey, c.convKey, c.count, c.now]),
  );
  const next = new Map<string, { seq: number; time: number }>();
  for (const row of moved) {
    const key = keyOf(row.app_key, row.conv_key);
    const count = conversations.get(key)!.count;
    next.set(key, {
      seq: Number(row.last_seq) - count + 1,
      time: Number(row.last_time) - count + 1,
    });
  }
  return writes.map((w) => {
    const position = next.get(keyOf(w.appKey, w.convKey))!;
    return { id: 0, seq: position.seq++, time: position.time++ };
  });
}

/** Inserts the message rows and sets each position's id. */
async function insertRows(
  trx: Kysely<Database>,
  statements: Statements,
  writes: MessageWrite[],
  positions: MessagePosition[],
): Promise<void> {
  const ids = new Map<string, number>();
  for (let start = 0; start < writes.length; start += MESSAGE_CHUNK) {
    const chunk = writes.slice(start, start + MESSAGE_CHUNK);
    const parameters = chunk.flatMap((w, i) => {
      const { seq, time } = positions[start + i]!;
      const r = w.row;
      return [
        w.appKey,
        w.convKey,
        seq,
        r.scene,
        r.from_accid,
        r.to_target,
        r.id_client,
        r.type,
        time,
        r.text,
        r.unreadable,
        r.historyable,
        r.roamingable,
        r.offlinable,
        r.body,
        r.thread_root,
      ];
    });
    const inserted = await execute<{
      id: number;
      app_key: string;
      from_accid: string;
      id_client: string;
    }>(trx, statements.messages(chunk.length), parameters);
    for (const row of inserted)
      ids.set(keyOf(row.app_key, row.from_accid, row.id_client), Number(row.id));
  }
  writes.forEach(
    (w, i) => (positions[i]!.id = ids.get(keyOf(w.appKey, w.row.from_accid, w.row.id_client))!),
  );
}

/** Writes each session the batch touches once: its last message, and the sender's ack. */
async function touchSessions(
  trx: Kysely<Database>,
  statements: Statements,
  writes: MessageWrite[],
  positions: MessagePosition[],
): Promise<void> {
  const sessions = new Map<
    string,
    { write: MessageWrite; ref: SessionRef; position: MessagePosition; ack: number }
  >();
  writes.forEach((write, i) => {
    const position = positions[i]!;
    for (const ref of write.sessions?.refs ?? []) {
      const key = keyOf(write.appKey, ref.accid, ref.sessionId);
      const ack = Math.max(
        ref.accid === write.row.from_accid ? position.time : 0,
        sessions.get(key)?.ack ?? 0,
      );
      // A later message of the same conversation comes later in the batch: it wins.
      sessions.set(key, { write, ref, position, ack });
    }
  });
  const rows = sortedByKey(sessions).map(({ write, ref, position, ack }) => [
    write.appKey,
    ref.accid,
    ref.sessionId,
    write.convKey,
    write.sessions!.scene,
    ref.peer,
    position.id,
    ack,
    0,
    null,
    0,
    position.time,
  ]);
  for (let start = 0; start < rows.length; start += SESSION_CHUNK) {
    const chunk = rows.slice(start, start + SESSION_CHUNK);
    await execute(trx, statements.sessions(chunk.length), chunk.flat());
  }
}

/** Stores a batch of messages in one transaction; positions come back in the batch's order. */
async function writeBatch(
  db: Kysely<Database>,
  statements: Statements,
  writes: MessageWrite[],
): Promise<MessagePosition[]> {
  return db.transaction().execute(async (trx) => {
    const positions = await movePositions(trx, statements, writes);
    await insertRows(trx, statements, writes, positions);
    await touchSessions(trx, statements, writes, positions);
    return positions;
  });
}

const perDatabase = new WeakMap<Kysely<Database>, WriteBatcher<MessageWrite, MessagePosition>>();

/** The message writer of a database handle: one per store, shared by every scene. */
export function messageWriter(db: Kysely<Database>): WriteBatcher<MessageWrite, MessagePosition> {
  let writer = perDatabase.get(db);
  if (!writer) {
    const statements = new Statements(isSqlite(db as unknown as Kysely<unknown>));
    writer = new WriteBatcher((writes) => writeBatch(db, statements, writes));
    perDatabase.set(db, writer);
  }
  return writer;
}
