// The operator console's routes (docs/operator-console.md): console accounts log in with a name
// and a password and get a session cookie; the console's own reads (who am I, a campaign's
// dashboard). Every other console page calls the admin API of routes/admin.ts with the cookie.
import { Type } from '@sinclair/typebox';
import { Key, Millis } from '../schemas/primitives.ts';
import { ADMIN, defineRoutes, UNREADABLE } from './define.ts';
import { StringEnum } from '../schemas/primitives.ts';

/** What a console account may do: everything, only redeem coupons, or only read. */
export const ConsoleRole = StringEnum(['operator', 'cashier', 'viewer']);

const ConsoleAccount = Type.Object({
  name: Type.String(),
  role: ConsoleRole,
  /** When the session ends unless the account logs out first. */
  expiresAt: Millis,
});

const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD, Asia/Shanghai',
});

export const ADMIN_CONSOLE_ROUTES = defineRoutes({
  'console.login': {
    summary: 'Log a console account in: sets the HttpOnly session cookie',
    body: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 64 }),
        password: Type.String({ minLength: 1, maxLength: 256 }),
      },
      { additionalProperties: false },
    ),
    data: ConsoleAccount,
    errors: [...UNREADABLE, 'consoleLoginFailed', 'consoleLoginThrottled', 'consoleHeaderMissing'],
  },
  'console.logout': {
    summary: 'End the console session and clear its cookie (answers 0 when there is none)',
    data: Type.Null(),
    errors: ['consoleHeaderMissing'],
  },
  'console.me': {
    summary: 'The logged-in console account',
    data: ConsoleAccount,
    errors: ['consoleSessionInvalid'],
  },
  'admin.dashboard': {
    summary: "A campaign's daily participants, draws, awards and prize stock",
    params: Type.Object({ id: Key }),
    querystring: Type.Object(
      { days: Type.Optional(Type.String({ pattern: '^([1-9]|[1-8]\\d|90)$' })) },
      { additionalProperties: false },
    ),
    data: Type.Object({
      campaignId: Type.String(),
      days: Type.Array(
        Type.Object({
          day: Day,
          /** Shoppers who drew, won or signed in that day, each once. */
          participants: Type.Integer(),
          /** Draws, thanks included. */
          draws: Type.Integer(),
          /** Prizes won (thanks excluded), from any source. */
          awards: Type.Integer(),
        }),
      ),
      /** Each limited prize's stock at the end of each day, rebuilt from its awards. */
      stock: Type.Array(
        Type.Object({
          key: Type.String(),
          name: Type.String(),
          values: Type.Array(Type.Integer(), { description: 'one per day, in the order of days' }),
        }),
      ),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
  },
});
