// Admin refusals that name every wrong field at once, in Chinese (issue 26, decision 0037). A
// problem is a field and what it expects; schema failures (Ajv's issues for a request, TypeBox's
// for a stored settings object) and semantic checks (a slot that does not exist) become the same
// list, and one message lists them all: `活动配置不正确：slot 应为 0 到 7 之间的整数；weight 应为…`.
// Every admin route uses `adminFail` so that each admin code leaves with the one HTTP status the
// catalogue (docs/campaigns.md) gives it.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CODES, fail, type ApiError, type CodeName } from '@morsel/api';
import {
  ajvProblems,
  problemsText,
  type AjvIssue,
  type Problem,
  type SchemaLike,
} from '../../api/index.ts';

export {
  ajvProblems,
  expectation,
  problemsText,
  type AjvIssue,
  type Problem,
} from '../../api/index.ts';

/** The admin codes and the one HTTP status each leaves with. */
export const ADMIN_STATUS = {
  badParameter: 400,
  adminBadConfig: 400,
  adminNotFound: 404,
  adminCampaignExists: 409,
  adminStatusChange: 409,
  adminStockIsLive: 409,
  adminPrizeAwarded: 409,
  adminPrizeInUse: 409,
  adminPrizeExists: 409,
  adminTemplateExists: 409,
  adminTemplateInUse: 409,
} as const satisfies Partial<Record<CodeName, number>>;

export type AdminCode = keyof typeof ADMIN_STATUS;

/** An admin refusal with the catalogue's status; `detail` follows the catalogue message. */
export function adminFail(name: AdminCode, detail?: string): ApiError {
  const message = detail ? `${CODES[name].message}：${detail}` : CODES[name].message;
  return fail(name, { message, status: ADMIN_STATUS[name] });
}

/** The refusal for a configuration that does not hold together (61003, HTTP 400). */
export function badConfig(problems: readonly Problem[]): ApiError {
  return adminFail('adminBadConfig', problemsText(problems));
}

/** Throws 61003 listing `problems` when there are any. */
export function refuseProblems(problems: readonly Problem[]): void {
  if (problems.length > 0) throw badConfig(problems);
}

/** A value checked against a TypeBox schema: every problem, with fields under `prefix`. */
export function schemaProblems(schema: TSchema, value: unknown, prefix: string): Problem[] {
  const issues: AjvIssue[] = [];
  for (const error of Value.Errors(schema, value)) {
    const missing = error.value === undefined;
    const base = error.path.split('/').slice(0, -1).join('/');
    const name = error.path.split('/').at(-1) ?? '';
    if (missing && error.path !== '') {
      issues.push({ keyword: 'required', instancePath: base, params: { missingProperty: name } });
    } else if (error.message.startsWith('Unexpected property')) {
      issues.push({
        keyword: 'additionalProperties',
        instancePath: base,
        params: { additionalProperty: name },
      });
    } else {
      const keyword = (error.schema as SchemaLike).anyOf ? 'anyOf' : 'type';
      issues.push({
        keyword,
        instancePath: error.path,
        params: {},
        parentSchema: error.schema as SchemaLike,
      });
    }
  }
  return ajvProblems(issues, prefix);
}
