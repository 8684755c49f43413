// Collects (favourites): an account's own list of typed items. A uniqueId makes adding
// idempotent (the stored collect comes back). Another account's collect id is "not found". The
// account's other devices are told of every change.
import type { ReplyOf } from '@morsel/protocol';
import { isUniqueViolation } from '../../store/index.ts';
import { CommandError, type HandlerTable } from '../gateway/index.ts';
import type { ExtrasDeps } from './access.ts';
import {
  collectByUniqueId,
  collectPage,
  collectsByIds,
  deleteCollects,
  insertCollectWithinQuota,
  updateCollectCustom,
  type CollectRow,
  type NewCollect,
} from './store/collects-store.ts';

type Collect = ReplyOf<'addCollect'>['collect'];

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

  return {
    async addCollect({ session, connection }, params) {
      const { appKey, accid } = session;
      const now = deps.now();
      if (params.uniqueId !== undefined) {
        const existing = await collectByUniqueId(db, appKey, accid, params.uniqueId);
        if (existing) return { collect: toCollect(existing) };
      }
      const collect: NewCollect = {
        appKey,
        accid,
        type: params.type,
        data: params.data,
        custom: params.custom ?? null,
        uniqueId: params.uniqueId ?? null,
      };
      let row: CollectRow | undefined;
      try {
        row = await insertCollectWithinQuota(db, collect, deps.collectsPerAccount, now);
      } catch (error) {
        // Two devices adding the same uniqueId at once: the first one stored wins.
        if (!isUniqueViolation(error) || params.uniqueId === undefined) throw error;
        const stored = await collectByUniqueId(db, appKey, accid, params.uniqueId);
        if (!stored) throw error;
        return { collect: toCollect(stored) };
      }
      if (!row)
        throw new CommandError(403, `an account keeps at most ${deps.collectsPerAccount} collects`);
      const added = toCollect(row);
      await deps.gateway.pushToAccount(
        session,
        'collectChanged',
        { type: 'add', collects: [added] },
        connection.id,
      );
      return { collect: added };
    },

    async deleteCollects({ session, connection }, { collectList }) {
      const ids = collectList.map((c) => numericId(c.id));
      const rows = ids.every((id) => id !== undefined)
        ? await collectsByIds(db, session.appKey, session.accid, ids as number[])
        : [];
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      // All or nothing: one id that is not this account's (or a createTime that does not match)
      // refuses the whole request, so a client never half-deletes a selection.
      for (const ref of collectList) {
        const row = byId.get(ref.id);
        if (!row || (ref.createTime !== undefined && Number(row.create_time) !== ref.createTime))
          throw new CommandError(404, `collect ${ref.id} not found`);
      }
      const rowIds = rows.map((r) => Number(r.id));
      const deleteCount = await deleteCollects(db, session.appKey, session.accid, rowIds);
      await deps.gateway.pushToAccount(
        session,
        'collectChanged',
        { type: 'delete', collects: rows.map(toCollect) },
        connection.id,
      );
      return { deleteCount };
    },

    async updateCollect({ session, connection }, { id, createTime, custom }) {
      const target = {
        appKey: session.appKey,
        accid: session.accid,
        id: numericId(id) ?? -1,
        ...(createTime !== undefined && { createTime }),
      };
      const row = await updateCollectCustom(db, target, custom, deps.now());
      if (!row) throw new CommandError(404, `collect ${id} not found`);
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
      // Paging: the next page starts after the last collect of the previous one (same time: by id).
      const afterId = lastId !== undefined ? numericId(lastId) : undefined;
      const { rows, total } = await collectPage(db, session.appKey, session.accid, {
        ...(type !== undefined && { type }),
        ...(beginTime !== undefined && { beginTime }),
        ...(endTime !== undefined && { endTime }),
        ...(afterId !== undefined && { afterId }),
        reverse,
        limit: query.limit ?? 100,
      });
      return { collects: rows.map(toCollect), total };
    },
  };
}
