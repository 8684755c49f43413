// The endpoints client SDKs report to (spec/messaging.md section 7 "HTTP calls"): a log report
// GET, a plain-text log lines POST and an error statistics JSON POST. They take the app key, not
// a login (logs matter most when login fails), so they refuse unknown apps and cap every body.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Store } from '../../store/index.ts';
import { type ImAccounts, typeBoxValidatorCompiler } from '../accounts/index.ts';
import {
  CLIENT_LOG_BODY_LIMIT,
  ErrorStatsBody,
  ErrorStatsQuery,
  LogLinesBody,
  LogLinesQuery,
  LogReportQuery,
} from './schemas.ts';
import { ClientLogStore } from './store.ts';

export { CLIENT_LOG_BODY_LIMIT, REPORT_LOG_MAX } from './schemas.ts';

export const CLIENT_LOG_PATHS = {
  report: '/im/log/report',
  lines: '/im/log/lines',
  errorStats: '/im/statistics/errors',
} as const;

export interface ClientLogOptions {
  accounts: ImAccounts;
  store: Store;
}

const TOO_LARGE = `request body is larger than ${CLIENT_LOG_BODY_LIMIT} bytes (64 kB); send smaller batches`;

export async function registerClientLogs(http: FastifyInstance, options: ClientLogOptions): Promise<void> {
  const logs = new ClientLogStore(options.store);

  async function knownApp(appKey: string, reply: FastifyReply): Promise<boolean> {
    if (await options.accounts.getApp(appKey)) return true;
    reply.code(403).send({ code: 403, message: 'unknown appkey' });
    return false;
  }

  await http.register(async (scope) => {
    // TypeBox without coercion: stored JSON stays as the client sent it. A plain Error from the
    // validator leaves through the global handler as 400 with the message naming the field.
    scope.setValidatorCompiler(typeBoxValidatorCompiler((problem) => new Error(problem.message)));
    // Refuse announced oversize bodies before reading them, with a message that says the limit;
    // bodies without a length are still cut off by bodyLimit below.
    scope.addHook('onRequest', async (request, reply) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > CLIENT_LOG_BODY_LIMIT) return reply.code(413).send({ code: 413, message: TOO_LARGE });
    });

    scope.get<{ Querystring: LogReportQuery }>(
      CLIENT_LOG_PATHS.report,
      { schema: { querystring: LogReportQuery } },
      async (request, reply) => {
        const { appkey, log, ...context } = request.query;
        if (!(await knownApp(appkey, reply))) return reply;
        await logs.addLog({ app_key: appkey, kind: 'report', ...contextColumns(context), content: log });
        return { code: 200 };
      },
    );

    scope.post<{ Querystring: LogLinesQuery; Body: string }>(
      CLIENT_LOG_PATHS.lines,
      { schema: { querystring: LogLinesQuery, body: LogLinesBody }, bodyLimit: CLIENT_LOG_BODY_LIMIT },
      async (request, reply) => {
        const { appkey, ...context } = request.query;
        if (!(await knownApp(appkey, reply))) return reply;
        await logs.addLog({ app_key: appkey, kind: 'lines', ...contextColumns(context), content: request.body });
        return { code: 200 };
      },
    );

    scope.post<{ Querystring: ErrorStatsQuery; Body: ErrorStatsBody }>(
      CLIENT_LOG_PATHS.errorStats,
      { schema: { querystring: ErrorStatsQuery, body: ErrorStatsBody }, bodyLimit: CLIENT_LOG_BODY_LIMIT },
      async (request, reply) => {
        const { appkey } = request.query;
        if (!(await knownApp(appkey, reply))) return reply;
        const body = request.body;
        await logs.addErrorReport({
          app_key: appkey,
          device_id: body.common.deviceId,
          event_count: body.eventLogs.length,
          body: JSON.stringify(body),
        });
        return { code: 200 };
      },
    );
  });
}

function contextColumns(context: Omit<LogLinesQuery, 'appkey'>) {
  return {
    uid: context.uid ?? '',
    os: context.os ?? '',
    session: context.session ?? '',
    ver: context.ver ?? '',
    type: context.type ?? '',
    platform: context.platform ?? '',
  };
}
