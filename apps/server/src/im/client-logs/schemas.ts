// What client SDKs may send to the log and statistics endpoints (docs/im-server-api.md,
// "Client log endpoints"); spec/messaging.md section 7 "HTTP calls" names the fields.
import { Type, type Static } from '@sinclair/typebox';
import { LOGGING } from '@morsel/protocol';

/** Largest request body any of these endpoints accepts. */
export const CLIENT_LOG_BODY_LIMIT = 64 * 1024;
/** Largest `log` text carried in the query of a GET report. */
export const REPORT_LOG_MAX = 4096;

/** The login reply's upload ticket; checked by the handler so a missing one gets 401, not 400. */
const Ticket = { [LOGGING.uploadTicketParam]: Type.Optional(Type.String({ maxLength: 512 })) };

const LogContext = {
  ...Ticket,
  appkey: Type.String({ minLength: 1, maxLength: 64 }),
  uid: Type.Optional(Type.String({ maxLength: 64 })),
  os: Type.Optional(Type.String({ maxLength: 128 })),
  session: Type.Optional(Type.String({ maxLength: 128 })),
  ver: Type.Optional(Type.String({ maxLength: 64 })),
  type: Type.Optional(Type.String({ maxLength: 64 })),
  platform: Type.Optional(Type.String({ maxLength: 64 })),
};

export const LogReportQuery = Type.Object({
  ...LogContext,
  log: Type.String({ minLength: 1, maxLength: REPORT_LOG_MAX }),
});
export type LogReportQuery = Static<typeof LogReportQuery>;

export const LogLinesQuery = Type.Object(LogContext);
export type LogLinesQuery = Static<typeof LogLinesQuery>;

export const LogLinesBody = Type.String({ minLength: 1 });

export const ErrorStatsQuery = Type.Object({
  ...Ticket,
  appkey: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ErrorStatsQuery = Static<typeof ErrorStatsQuery>;

export const ErrorEvent = Type.Object({
  event: Type.String({ minLength: 1, maxLength: 64 }),
  time: Type.Integer({ minimum: 0 }),
  code: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const ErrorStatsBody = Type.Object({
  common: Type.Object({
    deviceId: Type.String({ minLength: 1, maxLength: 128 }),
    sdkVersion: Type.Optional(Type.String({ maxLength: 64 })),
    platform: Type.Optional(Type.String({ maxLength: 64 })),
  }),
  eventLogs: Type.Array(ErrorEvent, { minItems: 1, maxItems: 200 }),
  deviceInfo: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Union([Type.String({ maxLength: 512 }), Type.Number(), Type.Boolean()]),
    ),
  ),
});
export type ErrorStatsBody = Static<typeof ErrorStatsBody>;
