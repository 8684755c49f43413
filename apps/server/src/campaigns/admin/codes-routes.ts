// Exchange codes (admin API, decision 0038): issued named (the operator's own words, printed on a
// poster) or random (cards and packages), each one use, working from startsAt until expiresAt;
// listed by template, used or unused. Every problem of a request is named at once (61070).
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { Database } from '../../store/index.ts';
import type { CampaignContext } from '../context.ts';
import { newExchangeCode, normaliseExchangeCode } from '../kernel/coupons.ts';
import { inTransaction } from '../kernel/transaction.ts';
import { instantMs } from '../schemas.ts';
import { findTemplate } from '../store/coupon-templates.ts';
import {
  insertExchangeCode,
  listExchangeCodes,
  takenExchangeCodes,
} from '../store/exchange-codes.ts';
import type { CouponExchangeCodeTable } from '../store/tables.ts';
import { refuse } from './refusals.ts';

const PAGE = 100;
const NAMED = /^[A-Z0-9]{4,32}$/;

interface IssueRequest {
  codes?: string[] | undefined;
  count?: number | undefined;
  startsAt?: number | string | undefined;
  expiresAt: number | string;
}

interface Plan {
  named: string[] | null;
  count: number;
  startsAt: number;
  expiresAt: number;
}

/** The request as a plan, or every problem with it (field, what it expects), in one refusal. */
async function planOf(db: Kysely<Database>, body: IssueRequest, now: number): Promise<Plan> {
  const problems: string[] = [];
  const startsAt = body.startsAt === undefined ? now : instantMs(body.startsAt);
  const expiresAt = instantMs(body.expiresAt);
  if (Number.isNaN(startsAt)) problems.push('startsAt 应为有效的时间');
  if (Number.isNaN(expiresAt)) problems.push('expiresAt 应为有效的时间');
  else if (expiresAt <= now) problems.push('expiresAt 应晚于当前时间');
  if (!Number.isNaN(startsAt) && !Number.isNaN(expiresAt) && expiresAt <= startsAt)
    problems.push('expiresAt 应晚于 startsAt（兑换码不能在生效前就过期）');
  if ((body.codes === undefined) === (body.count === undefined))
    problems.push('codes（指定兑换码）与 count（随机生成数量）应填写且只填写其中一个');

  let named: string[] | null = null;
  if (body.codes !== undefined) {
    named = body.codes.map(normaliseExchangeCode);
    const malformed = named.filter((code) => !NAMED.test(code));
    if (malformed.length > 0)
      problems.push(`codes 中的 ${malformed.join('、')} 去掉空格和短横线后应为4-32位字母或数字`);
    const repeated = [...new Set(named.filter((code, i) => named!.indexOf(code) !== i))];
    if (repeated.length > 0) problems.push(`codes 中的 ${repeated.join('、')} 重复了`);
    const taken = await takenExchangeCodes(db, [...new Set(named)]);
    if (taken.length > 0) problems.push(`codes 中的 ${taken.join('、')} 已存在，兑换码不能重复`);
  }
  if (problems.length > 0)
    throw refuse('adminExchangeCodesInvalid', `兑换码设置不正确：${problems.join('；')}`);
  return { named, count: body.count ?? 0, startsAt, expiresAt };
}

function codeStatus(row: Selectable<CouponExchangeCodeTable>, now: number) {
  if (row.used_by !== null) return 'used' as const;
  if (Number(row.starts_at) > now) return 'not_started' as const;
  return Number(row.expires_at) <= now ? ('expired' as const) : ('unused' as const);
}

/**
 * Issues the codes of a request checked whole (61070 naming every problem) in one transaction, so
 * a refused request keeps nothing. Both the exchange-codes route and the older per-template one
 * issue through it.
 */
export async function issueExchangeCodes(
  db: Kysely<Database>,
  key: string,
  body: IssueRequest,
  now: number,
) {
  const template = await findTemplate(db, key);
  if (!template) throw refuse('adminNotFound', '优惠券模板不存在');
  const plan = await planOf(db, body, now);
  const window = {
    templateId: Number(template.id),
    startsAt: plan.startsAt,
    expiresAt: plan.expiresAt,
  };
  const codes = await inTransaction(db, async (trx) => {
    if (plan.named) {
      for (const code of plan.named)
        if (!(await insertExchangeCode(trx, { ...window, code }, now)))
          // Taken between the check and the insert: nothing of this request is kept.
          throw refuse('adminExchangeCodesInvalid', `兑换码设置不正确：codes 中的 ${code} 已存在`);
      return plan.named;
    }
    const issued: string[] = [];
    while (issued.length < plan.count) {
      const code = newExchangeCode();
      if (await insertExchangeCode(trx, { ...window, code }, now)) issued.push(code);
    }
    return issued;
  });
  return {
    template: template.template_key,
    startsAt: plan.startsAt,
    expiresAt: plan.expiresAt,
    codes,
  };
}

export function registerExchangeCodeRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'admin.issueExchangeCodes', async (request) =>
    ok(await issueExchangeCodes(db, request.body.template, request.body, clock.now())),
  );

  route(scope, 'admin.listExchangeCodes', async (request) => {
    const { template: key, status, after, limit } = request.query;
    const template = await findTemplate(db, key);
    if (!template) throw refuse('adminNotFound', '优惠券模板不存在');
    const size = limit === undefined ? PAGE : Number(limit);
    const rows = await listExchangeCodes(db, Number(template.id), {
      ...(status !== undefined && { status }),
      ...(after !== undefined && { after }),
      limit: size + 1,
    });
    const page = rows.slice(0, size);
    const now = clock.now();
    return ok({
      codes: page.map((row) => ({
        code: row.code,
        template: key,
        startsAt: Number(row.starts_at),
        expiresAt: Number(row.expires_at),
        status: codeStatus(row, now),
        usedBy: row.used_by === null ? null : Number(row.used_by),
        usedAt: row.used_at === null ? null : Number(row.used_at),
        createdAt: Number(row.created_at),
      })),
      next: rows.length > size ? page[page.length - 1]!.code : null,
    });
  });
}
