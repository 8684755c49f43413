// What every product route shares: the body parsers that keep the raw bytes (the open-API
// signature covers them), the `{code, message, data}` error envelope, and reading the caller.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { CODES, ProductError, fail } from './codes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (empty when there was none). */
    rawBody?: Buffer;
  }
}

const BODY_LIMIT = 64 * 1024;

function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail('badRequest', { message: '请求体不是合法的 JSON', status: 400 });
  }
}

/**
 * Form-encoded (what both request wrappers send), JSON (on request) and text/plain (what
 * navigator.sendBeacon sends, holding JSON). Replaces the inherited parsers in this scope only.
 */
export function installBodyParsers(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  const parsers: [string, (text: string) => unknown][] = [
    ['application/x-www-form-urlencoded', parseForm],
    ['application/json', parseJson],
    ['text/plain', parseJson],
  ];
  for (const [type, parse] of parsers) {
    scope.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const raw = body as Buffer;
        request.rawBody = raw;
        try {
          done(null, parse(raw.toString('utf8')));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
  }
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** A message naming the field, e.g. `参数 mobile 格式不正确`. */
export function describeValidation(
  issue: ValidationIssue,
  context: string,
): { name: keyof typeof CODES; message: string } {
  const field =
    issue.keyword === 'required'
      ? String(issue.params.missingProperty)
      : issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
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
      : `参数 ${field} ${what[issue.keyword] ?? '不正确'}`;
  return { name: 'badParameter', message };
}

/** Every refusal leaves as `{code, message, data}`; nothing unexpected leaks its internals. */
export function installErrorEnvelope(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | ProductError, request, reply) => {
    if (error instanceof ProductError) {
      reply.code(error.status).send({ code: error.code, message: error.message, data: error.data });
      return;
    }
    if (error.validation?.[0]) {
      const { name, message } = describeValidation(
        error.validation[0] as ValidationIssue,
        error.validationContext ?? 'body',
      );
      reply.code(400).send({ code: CODES[name].code, message, data: null });
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) {
      reply
        .code(status)
        .send({ code: CODES.badRequest.code, message: CODES.badRequest.message, data: null });
      return;
    }
    request.log.error({ err: error }, 'product request failed');
    reply.code(500).send({ code: 500, message: '服务繁忙，请稍后再试', data: null });
  });
}

/** The caller's address: the socket's, or what the trusted proxies report (MORSEL_TRUST_PROXY). */
export function clientAddress(request: FastifyRequest): string {
  // A trusted proxy passes on the hop before it unchecked; what is not an IP is not an address.
  if (isIP(request.ip)) return request.ip;
  return request.socket.remoteAddress ?? 'unknown';
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
