// The one table of every command of spec/messaging.md section 7, with NIM's service ids: the spread
// of the feature tables (one file each, named as the server, SDK and docs name the feature).
// Validators compiled once per command; the lookups by (link, sid, cid) are the wire table's
// (wire.ts, the same table without schemas, for browsers).
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { commandAt } from './wire.ts';
import { linkCommands } from './link.ts';
import { messagingCommands } from './messaging.ts';
import { extrasCommands } from './extras.ts';
import { peopleCommands } from './people.ts';
import { teamsCommands } from './teams.ts';
import { eventsCommands } from './events.ts';
import { pushSettingsCommands } from './push-settings.ts';
import { signalCommands } from './signal.ts';
import { chatroomCommands } from './chatroom.ts';
import { filesCommands } from './files.ts';
import { broadcastCommands } from './broadcasts.ts';
import { RETIRED_COMMANDS, type RetiredCommand } from './retired.ts';

export type { CommandDef, Link, PushDef } from './define.ts';
export { RETIRED_COMMANDS, type RetiredCommand } from './retired.ts';
export { CLIENT_TYPES, type ClientTypeCode, type ClientTypeName } from './common.ts';

export const COMMANDS = {
  ...linkCommands,
  ...messagingCommands,
  ...extrasCommands,
  ...peopleCommands,
  ...teamsCommands,
  ...eventsCommands,
  ...pushSettingsCommands,
  ...signalCommands,
  ...chatroomCommands,
  ...filesCommands,
  ...broadcastCommands,
};

export type CommandName = keyof typeof COMMANDS;
export type RequestOf<N extends CommandName> = Static<(typeof COMMANDS)[N]['request']>;
export type ReplyOf<N extends CommandName> = Static<(typeof COMMANDS)[N]['reply']>;
/** Commands accepted before login (declared with `preLogin: true`). */
export type PreLoginCommandName = {
  [N in CommandName]: (typeof COMMANDS)[N]['preLogin'] extends true ? N : never;
}[CommandName];

/** The commands the server sends unasked (declared with `push()`), by name. */
export type PushName = {
  [N in CommandName]: (typeof COMMANDS)[N] extends { kind: 'push' } ? N : never;
}[CommandName];
/** A push's parameters, from its schema: what the gateway sends and what SDK handlers receive. */
export type PushParams<N extends PushName> = Static<(typeof COMMANDS)[N]['request']>;

/** Every command's wire facts without schemas, and the lookups over them (wire.ts). */
export { commandAt, isPushName, PUSH_NAMES, WIRE_COMMANDS, type WireCommand } from './wire.ts';

export const SERVICES = {
  link: 1,
  auth: 2,
  user: 3,
  notify: 4,
  sync: 5,
  misc: 6,
  msg: 7,
  team: 8,
  friend: 12,
  chatroom: 13,
  event: 14,
  signal: 15,
  superTeam: 21,
  msgExtend: 23,
} as const;

const retiredByKey = new Map<string, RetiredCommand>();
for (const retired of RETIRED_COMMANDS) {
  const existing = commandAt('im', retired.sid, retired.cid);
  const key = `im:${retired.sid}:${retired.cid}`;
  if (existing) throw new Error(`command ${existing} reuses ${key}, retired with ${retired.name}`);
  retiredByKey.set(key, retired);
}

/** The retired command at these ids of the IM link, if any (answered Not_Support). */
export function retiredCommandAt(sid: number, cid: number): RetiredCommand | undefined {
  return retiredByKey.get(`im:${sid}:${cid}`);
}

const checks = new Map<TSchema, TypeCheck<TSchema>>();
function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let check = checks.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    checks.set(schema, check);
  }
  return check;
}

/** Validates parameters against a schema; returns null or a message naming the first bad field. */
export function validateParams(schema: TSchema, params: unknown): string | null {
  const check = checkerOf(schema);
  if (check.Check(params)) return null;
  const first = check.Errors(params).First();
  if (!first) return 'parameters are invalid';
  const field = first.path ? first.path.replace(/^\//, '').replace(/\//g, '.') : 'parameters';
  return `${field}: ${first.message}`;
}
