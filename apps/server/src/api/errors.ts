// The one error handler of the API scopes (product and campaigns): every refusal leaves as
// `{code, message, data}` with its status; a field failing its schema is 400 naming the field;
// anything unexpected is 500 without internals (logged with its stack).
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, CODES, type CodeName } from '@morsel/api';
import { ajvProblems, problemsText, type AjvIssue } from './problems.ts';
import { isAdminUrl } from './validator.ts';

/**
 * A refusal is not the route's success, so it must not go through the route's reply schema
 * (which describes `data` of a success and would drop the refusal's own data): plain JSON.
 */
function send(reply: FastifyReply, status: number, body: object): void {
  reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * The issue to report: the first, unless a union (`anyOf`) failed, whose branches' issues come
 * first and would name a type the value was never meant to have; the union's own says which
 * field holds no allowed value.
 */
function firstIssue(issues: ValidationIssue[]): ValidationIssue {
  return issues.find((issue) => issue.keyword === 'anyOf') ?? issues[0]!;
}

/** A message naming the field, e.g. `参数 mobile 格式不正确`. */
export function describeValidation(
  issue: ValidationIssue,
  context: string,
): { name: CodeName; message: string } {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field =
    issue.keyword === 'required'
      ? String(issue.params.missingProperty)
      : issue.keyword === 'additionalProperties'
        ? [path, String(issue.params.additionalProperty)].filter(Boolean).join('.')
        : path || context;
  if (field === 'mobile' && issue.keyword !== 'required') {
    return { name: 'badMobile', message: CODES.badMobile.message };
  }
  const what: Record<string, string> = {
    required: '缺少参数',
    type: '类型错误',
    pattern: '格式不正确',
    format: '格式不正确',
    minLength: '长度不正确',
    maxLength: '长度不正确',
    minimum: '超出范围',
    maximum: '超出范围',
    const: '取值不正确',
    enum: '取值不正确',
    anyOf: '取值不正确',
  };
  const message =
    issue.keyword === 'required'
      ? `缺少参数 ${field}`
      : issue.keyword === 'additionalProperties'
        ? `未知参数 ${field}`
        : `参数 ${field} ${what[issue.keyword] ?? '不正确'}`;
  return { name: 'badParameter', message };
}

export function installApiErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      send(reply, error.status, { code: error.code, message: error.message, data: error.data });
      return;
    }
    if (error.validation?.[0] && isAdminUrl(request.routeOptions.url)) {
      const problems = ajvProblems(
        error.validation as AjvIssue[],
        error.validationContext === 'body' ? '' : (error.validationContext ?? ''),
      );
      const message = `${CODES.badParameter.message}：${problemsText(problems)}`;
      send(reply, 400, { code: CODES.badParameter.code, message, data: null });
      return;
    }
    if (error.validation?.[0]) {
      const { name, message } = describeValidation(
        firstIssue(error.validation as ValidationIssue[]),
        error.validationContext ?? 'body',
      );
      send(reply, 400, { code: CODES[name].code, message, data: null });
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) {
      send(reply, status, {
        code: CODES.badRequest.code,
        message: CODES.badRequest.message,
        data: null,
      });
      return;
    }
    request.log.error({ err: error }, 'api request failed');
    send(reply, 500, { code: 500, message: '服务繁忙，请稍后再试', data: null });
  });
}
