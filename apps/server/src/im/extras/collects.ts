// Collects (favourites): an account's own list of typed items. A uniqueId makes adding
// idempotent (the stored collect comes back). Another account's collect id is "not found". The
// account's other devices are told of every change.
import { sql } from 'kysely';
import type { ReplyOf } from '@morsel/protocol';
import { isUniqueViolation } from '../../store/index.ts';
import { CommandError, type HandlerTable } from '../gateway/index.ts';
import type { ExtrasDeps } from './access.ts';
import type { ImCollectTable } from './tables.ts';

type Collect = ReplyOf<'addCollect'>['collect'];
type CollectRow = Omit<ImCollectTable, 'id'> & { id: number | string };

function toCollect(row: CollectRow): Collect {
  return {
    id: String(row.id),
    type: Number(row.type),
    data: row.data,
    ...(row.custom !== null && { custom: row.custom }),
    ...(row.unique_id !== null && { uniqueId: row.unique_id }),
    createTime: Number(row.create_time),
    updateTime: Number(row.update_time),
  };
}

const numericId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : undefined);

export function collectHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;
  const mine = (appKey: string, accid: string) =>
    db
      .selectFrom('im_collects')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('accid', '=', accid);

  return {
    async addCollect({ session, connection }, params) {
      const now = deps.now();
      if (params.uniqueId !== undefined) {
        const existing = await mine(session.appKey, session.accid)
          .where('unique_id', '=', params.uniqueId)
          .executeTakeFirst();
        if (existing) return { collect: toCollect(existing) };
      }
      let row: CollectRow | undefined;
      try {
        // One statement: the row is inserted only while the account holds fewer than the quota,
        // so the count and the insert cannot be split by another add.
        const held = db
          .selectFrom('im_collects')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('app_key', '=', session.appKey)
          .where('accid', '=', session.accid);
        row = await db
          .insertInto('im_collects')
          .columns([
            'app_key',
            'accid',
            'type',
            'data',
            'custom',
            'unique_id',
            'create_time',
            'update_time',
          ])
          .expression(
            db
              .selectNoFrom([
                // Typed casts: PostgreSQL reads a bare parameter in a select list as text.
                sql<string>`cast(${session.appKey} as text)`.as('app_key'),
                sql<string>`cast(${session.accid} as text)`.as('accid'),
                sql<number>`cast(${params.type} as integer)`.as('type'),
                sql<string>`cast(${params.data} as text)`.as('data'),
                sql<string | null>`cast(${params.custom ?? null} as text)`.as('custom'),
                sql<string | null>`cast(${params.uniqueId ?? null} as text)`.as('unique_id'),
                sql<number>`cast(${now} as bigint)`.as('create_time'),
                sql<number>`cast(${now} as bigint)`.as('update_time'),
              ])
              .where(held, '<', deps.collectsPerAccount),
          )
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        // Two devices adding the same uniqueId at once: the first one stored wins.
        if (!isUniqueViolation(error) || params.uniqueId === undefined) throw error;
        row = await mine(session.appKey, session.accid)
          .where('unique_id', '=', params.uniqueId)
          .executeTakeFirstOrThrow();
        return { collect: toCollect(row) };
      }
      if (!row)
        throw new CommandError(403, `an account keeps at most ${deps.collectsPerAccount} collects`);
      const collect = toCollect(row);
      await deps.gateway.pushToAccount(
        session,
        'collectChanged',
        { type: 'add', collects: [collect] },
        connection.id,
      );
      return { collect };
    },

    async deleteCollects({ session, connection }, { collectList }) {
      const ids = collectList.map((c) => numericId(c.id));
      const rows = ids.every((id) => id !== undefined)
        ? await mine(session.appKey, session.accid)
            .where('id', 'in', ids as number[])
            .execute()
        : [];
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      // All or nothing: one id that is not this account's (or a createTime that does not match)
      // refuses the whole request, so a client never half-deletes a selection.
      for (const ref of collectList) {
        const row = byId.get(ref.id);
        if (!row || (ref.createTime !== undefined && Number(row.create_time) !== ref.createTime))
          throw new CommandError(404, `collect ${ref.id} not found`);
      }
      const result = await db
        .deleteFrom('im_collects')
        .where('app_key', '=', session.appKey)
        .where('accid', '=', session.accid)
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .executeTakeFirst();
      await deps.gateway.pushToAccount(
        session,
        'collectChanged',
        { type: 'delete', collects: rows.map(toCollect) },
        connection.id,
      );
      return { deleteCount: Number(result.numDeletedRows) };
    },

    async updateCollect({ session, connection }, { id, createTime, custom }) {
      const numeric = numericId(id);
      let query = db
        .updateTable('im_collects')
        .set({ custom, update_time: deps.now() })
        .where('app_key', '=', session.appKey)
        .where('accid', '=', session.accid)
        .where('id', '=', numeric ?? -1);
      if (createTime !== undefined) query = query.where('create_time', '=', createTime);
      const row = await query.returningAll().executeTakeFirst();
      if (!row) throw new CommandError(404, `collect ${id} not found`);
      if (!row)
        throw new CommandError(403, `an account keeps at most ${deps.collectsPerAccount} collects`);
      const collect = toCollect(row);
      await deps.gateway.pushToAccount(
        session,
        'collectChanged',
        { type: 'update', collects: [collect] },
        connection.id,
      );
      return { collect };
    },

    async getCollects({ session }, query) {
      const { beginTime, endTime, lastId, reverse = false, type } = query;
      if (beginTime !== undefined && endTime !== undefined && endTime > 0 && beginTime > endTime) {
        throw new CommandError(414, 'beginTime must not be after endTime');
      }
      let filtered = mine(session.appKey, session.accid);
      if (type !== undefined) filtered = filtered.where('type', '=', type);
      if (beginTime !== undefined) filtered = filtered.where('create_time', '>=', beginTime);
      if (endTime !== undefined && endTime > 0)
        filtered = filtered.where('create_time', '<=', endTime);
      const total = await filtered
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      let page = filtered;
      // Paging: the next page starts after the last collect of the previous one (same time: by id).
      const last = lastId !== undefined ? numericId(lastId) : undefined;
      if (last !== undefined) {
        const anchor = await mine(session.appKey, session.accid)
          .where('id', '=', last)
          .executeTakeFirst();
        if (anchor) {
          const t = Number(anchor.create_time);
          page = page.where((eb) =>
            reverse
              ? eb.or([
                  eb('create_time', '>', t),
                  eb.and([eb('create_time', '=', t), eb('id', '>', last)]),
                ])
              : eb.or([
                  eb('create_time', '<', t),
                  eb.and([eb('create_time', '=', t), eb('id', '<', last)]),
                ]),
          );
        }
      }
      const direction = reverse ? 'asc' : 'desc';
      const rows = await page
        .orderBy('create_time', direction)
        .orderBy('id', direction)
        .limit(query.limit ?? 100)
        .execute();
      return { collects: rows.map(toCollect), total: Number(total.n) };
    },
  };
}
