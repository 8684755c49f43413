// The command table as the wire needs it, without schemas: ids, kind, link, login gate and
// time-out per command, with the lookups by name and by (link, sid, cid). The SDK and the web
// app import these (through the package's index) and so carry no schema library; the server's
// table (index.ts) adds the schemas and re-exports these lookups. wire.generated.ts is written
// from index.ts by `npx tsx scripts/protocol-wire-table.ts`; wire.test.ts keeps it in step.
import { WIRE_COMMANDS } from './wire.generated.ts';

export { WIRE_COMMANDS };

export type Link = 'im' | 'chatroom';

export interface WireCommand {
  sid: number;
  cid: number;
  kind: 'request' | 'push';
  link: Link;
  preLogin: boolean;
  timeoutMs: number;
}

type WireName = keyof typeof WIRE_COMMANDS;

/** The commands the server sends unasked, by name. */
export type WirePushName = {
  [N in WireName]: (typeof WIRE_COMMANDS)[N]['kind'] extends 'push' ? N : never;
}[WireName];

const keyOf = (link: Link, sid: number, cid: number) => `${link}:${sid}:${cid}`;
const byKey = new Map<string, WireName>();
for (const [name, def] of Object.entries(WIRE_COMMANDS) as [WireName, WireCommand][]) {
  const key = keyOf(def.link, def.sid, def.cid);
  const existing = byKey.get(key);
  if (existing) throw new Error(`commands ${existing} and ${name} share ${key}`);
  byKey.set(key, name);
}

export function commandAt(link: Link, sid: number, cid: number): WireName | undefined {
  return byKey.get(keyOf(link, sid, cid));
}

export const isPushName = (name: string): name is WirePushName =>
  Object.hasOwn(WIRE_COMMANDS, name) && WIRE_COMMANDS[name as WireName].kind === 'push';

/** Every declared push, in table order. */
export const PUSH_NAMES: readonly WirePushName[] = Object.keys(WIRE_COMMANDS).filter(isPushName);
