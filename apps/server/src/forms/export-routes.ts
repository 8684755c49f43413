// Operators' CSV export of the join-us applications and the sign-ups (admin API). UTF-8 with a
// byte-order mark so Excel reads the Chinese; cells that a spreadsheet would run as a formula
// (=, +, -, @ first) are escaped, since shoppers typed them.
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { route } from '../api/index.ts';
import type { CampaignContext } from '../campaigns/index.ts';
import { formatChinaTime } from './china-time.ts';
import { applyEntryView } from './apply/routes.ts';
import { joinusEntryView } from './joinus/routes.ts';
import { entriesOf, type FormEntryRow } from './store/entries.ts';

/** Rows one export holds; an operator with more exports again later (oldest first). */
const EXPORT_LIMIT = 50_000;

function joinusRows(rows: FormEntryRow[]): string[][] {
  return rows.map((row) => {
    const e = joinusEntryView(row);
    return [
      String(e.id),
      formatChinaTime(e.createdAt),
      e.name,
      e.mobile,
      e.company,
      e.choice,
      e.area.provinceName,
      e.area.cityName,
      e.area.regionName,
      e.message,
      String(row.user_id),
    ];
  });
}

function applyRows(rows: FormEntryRow[]): string[][] {
  return rows.map((row) => {
    const e = applyEntryView(row);
    return [
      String(e.id),
      formatChinaTime(e.createdAt),
      e.name,
      e.mobile,
      String(e.people),
      e.remark,
      String(row.user_id),
    ];
  });
}

const JOINUS_HEADER = [
  '编号',
  '提交时间',
  '姓名',
  '手机号',
  '公司',
  '选项',
  '省',
  '市',
  '区县',
  '留言',
  '用户ID',
];
const APPLY_HEADER = ['编号', '报名时间', '姓名', '手机号', '人数', '备注', '用户ID'];

export function registerExportRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db } = ctx.product;
  route(scope, 'admin.formEntriesCsv', async (request, reply) => {
    const { form } = request.params;
    const rows = await entriesOf(db, form, EXPORT_LIMIT);
    const table =
      form === 'apply' ? [APPLY_HEADER, ...applyRows(rows)] : [JOINUS_HEADER, ...joinusRows(rows)];
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${form}.csv"`)
      .header('cache-control', 'no-store')
      .send(stringify(table, { bom: true, escape_formulas: true }));
  });
}
