// The endpoints client SDKs report to (spec/messaging.md section 7 "HTTP calls"): a log report
// GET, a plain-text log lines POST and an error statistics JSON POST. Each takes the upload
// ticket the IM login reply carries (review H2: the public app key alone let anyone fill the
// disk), counts the bytes against daily quotas per app, per device and per client address, and
// caps every body. Rows are deleted on a schedule after the retention period.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGGING } from '@morsel/protocol';
import type { Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import { clientAddress } from '../../product/index.ts';
import { typeBoxValidatorCompiler } from '../accounts/index.ts';
import {
  CLIENT_LOG_BODY_LIMIT,
  ErrorStatsBody,
  ErrorStatsQuery,
  LogLinesBody,
  LogLinesQuery,
  LogReportQuery,
} from './schemas.ts';
import { ClientLogStore, type DailyByteQuotas } from './store.ts';
import type { UploadTicket, UploadTickets } from './tickets.ts';

export { CLIENT_LOG_BODY_LIMIT, REPORT_LOG_MAX } from './schemas.ts';
export { UploadTickets } from './tickets.ts';

export const CLIENT_LOG_PATHS = {
  report: '/im/log/report',
  lines: '/im/log/lines',
  errorStats: '/im/statistics/errors',
} as const;

export interface ClientLogOptions {
  store: Store;
  tickets: UploadTickets;
  log: Logger;
  config: Pick<
    Config,
    | 'clientLogDailyBytesPerApp'
    | 'clientLogDailyBytesPerDevice'
    | 'clientLogDailyBytesPerAddress'
    | 'clientLogRetentionDays'
  >;
  /** The app's one clock (quota days, ticket expiry, pruning). */
  now: () => number;
}

const TOO_LARGE = `request body is larger than ${CLIENT_LOG_BODY_LIMIT} bytes (64 kB); send smaller batches`;
const NO_TICKET =
  'upload ticket missing, invalid or expired: log in to the IM first and send the login reply uploadTicket';
const PRUNE_EVERY_MS = 3600_000;
const DAY_MS = 86_400_000;

/** The client's ticket from the query; every endpoint names it the same (LOGGING.uploadTicketParam). */
function ticketOf(request: FastifyRequest): string | undefined {
  return (request.query as Record<string, string | undefined>)[LOGGING.uploadTicketParam];
}

export async function registerClientLogs(
  http: FastifyInstance,
  options: ClientLogOptions,
): Promise<void> {
  const logs = new ClientLogStore(options.store);
  const { now } = options;
  const { config } = options;
  const quotas: DailyByteQuotas = {
    app: config.clientLogDailyBytesPerApp,
    device: config.clientLogDailyBytesPerDevice,
    address: config.clientLogDailyBytesPerAddress,
  };

  /** The ticket's grant when it is valid for this app and the quotas allow `bytes` more; else replies. */
  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    appKey: string,
    bytes: number,
  ): Promise<UploadTicket | undefined> {
    const ticket = await options.tickets.verify(ticketOf(request));
    if (!ticket || ticket.appKey !== appKey) {
      reply.code(401).send({ code: 401, message: NO_TICKET });
      return undefined;
    }
    const writer = { appKey, deviceId: ticket.deviceId, address: clientAddress(request) };
    const over = await logs.spendQuota(writer, bytes, quotas, now());
    if (over) {
      reply.code(429).send({
        code: 429,
        scope: over,
        message: `daily client log quota per ${over} is used up (${quotas[over]} bytes); try tomorrow`,
      });
      return undefined;
    }
    return ticket;
  }

  await http.register(async (scope) => {
    // TypeBox without coercion: stored JSON stays as the client sent it. A plain Error from the
    // validator leaves through the global handler as 400 with the message naming the field.
    scope.setValidatorCompiler(
      typeBoxValidatorCompiler(scope, (problem) => new Error(problem.message)),
    );
    // Refuse announced oversize bodies before reading them, with a message that says the limit;
    // bodies without a length are still cut off by bodyLimit below.
    scope.addHook('onRequest', async (request, reply) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > CLIENT_LOG_BODY_LIMIT)
        return reply.code(413).send({ code: 413, message: TOO_LARGE });
    });

    scope.get<{ Querystring: LogReportQuery }>(
      CLIENT_LOG_PATHS.report,
      { schema: { querystring: LogReportQuery } },
      async (request, reply) => {
        const { appkey, log, ...context } = request.query;
        const ticket = await admit(request, reply, appkey, Buffer.byteLength(log));
        if (!ticket) return reply;
        await logs.addLog(
          { app_key: appkey, kind: 'report', ...contextColumns(context, ticket), content: log },
          now(),
        );
        return { code: 200 };
      },
    );

    scope.post<{ Querystring: LogLinesQuery; Body: string }>(
      CLIENT_LOG_PATHS.lines,
      {
        schema: { querystring: LogLinesQuery, body: LogLinesBody },
        bodyLimit: CLIENT_LOG_BODY_LIMIT,
      },
      async (request, reply) => {
        const { appkey, ...context } = request.query;
        const ticket = await admit(request, reply, appkey, Buffer.byteLength(request.body));
        if (!ticket) return reply;
        await logs.addLog(
          {
            app_key: appkey,
            kind: 'lines',
            ...contextColumns(context, ticket),
            content: request.body,
          },
          now(),
        );
        return { code: 200 };
      },
    );

    scope.post<{ Querystring: ErrorStatsQuery; Body: ErrorStatsBody }>(
      CLIENT_LOG_PATHS.errorStats,
      {
        schema: { querystring: ErrorStatsQuery, body: ErrorStatsBody },
        bodyLimit: CLIENT_LOG_BODY_LIMIT,
      },
      async (request, reply) => {
        const { appkey } = request.query;
        const body = JSON.stringify(request.body);
        const ticket = await admit(request, reply, appkey, Buffer.byteLength(body));
        if (!ticket) return reply;
        await logs.addErrorReport(
          {
            app_key: appkey,
            device_id: ticket.deviceId,
            event_count: request.body.eventLogs.length,
            body,
          },
          now(),
        );
        return { code: 200 };
      },
    );
  });

  const retentionMs = config.clientLogRetentionDays * DAY_MS;
  const timer = setInterval(() => {
    logs
      .prune(now() - retentionMs)
      .catch((err: unknown) => options.log.warn({ err }, 'client log pruning failed'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  http.addHook('onClose', async () => clearInterval(timer));
}

/** The stored context: the account is the ticket's, the rest is what the client says of itself. */
function contextColumns(context: Omit<LogLinesQuery, 'appkey'>, ticket: UploadTicket) {
  return {
    uid: ticket.accid,
    os: context.os ?? '',
    session: context.session ?? '',
    ver: context.ver ?? '',
    type: context.type ?? '',
    platform: context.platform ?? '',
  };
}
