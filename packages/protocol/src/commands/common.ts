// Parameter schemas shared by several services.
import { FormatRegistry, Type } from '@sinclair/typebox';
import { CLIENT_TYPES } from './vocabulary.ts';

/**
 * Ids travel as strings, and the server keeps the numeric ones (idServer, team ids) in 64-bit
 * integer columns read as JavaScript numbers: a digit string must therefore be a safe integer
 * (at most 2^53 - 1), or PostgreSQL would overflow on it. Ids the client makes up (idClient,
 * requestId) are ClientId, free text: a random hex idClient may happen to be all digits.
 */
FormatRegistry.Set(
  'morsel-id',
  (value) => !/^[0-9]+$/.test(value) || Number(value) <= Number.MAX_SAFE_INTEGER,
);

export const Account = Type.String({ minLength: 1, maxLength: 64 });
export const Accounts = (max: number) => Type.Array(Account, { minItems: 1, maxItems: max });
export const Id = Type.String({ minLength: 1, maxLength: 128, format: 'morsel-id' });
export const ClientId = Type.String({ minLength: 1, maxLength: 128 });
/** Milliseconds since the epoch (or a version counter); never beyond a safe integer. */
export const Time = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
export const Custom = Type.String({ maxLength: 8192 });
/** Values whose shape later issues pin down; accepted as any map until then. */
export const AnyMap = Type.Record(Type.String(), Type.Unknown());

export const SCENES = ['p2p', 'team', 'superTeam'] as const;
export const Scene = Type.Union(SCENES.map((s) => Type.Literal(s)));
/** A session named by its scene and peer: p2p-<account>, team-<teamId>, superTeam-<teamId>. */
export const SessionId = Type.String({ pattern: '^(p2p|team|superTeam)-.+$', maxLength: 200 });

export { CLIENT_TYPES, type ClientTypeCode, type ClientTypeName } from './vocabulary.ts';
export const ClientType = Type.Union(Object.values(CLIENT_TYPES).map((v) => Type.Literal(v)));

export const LoginPort = Type.Object({
  type: ClientType,
  os: Type.String(),
  deviceId: Type.String(),
  account: Account,
  connectionId: Type.String(),
  ip: Type.String(),
  time: Time,
  customTag: Type.Optional(Type.String()),
});
