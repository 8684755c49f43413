// Reads the official NIM Web SDK's command tables out of its browser builds: each build is run
// in a bare VM context with the few browser globals its loading touches, and its exported
// `parser.configMap` read: cmdConfig names each request's sid, cid and parameter types,
// packetConfig each `sid_cid`'s response types. Only the type names are kept.
import fs from 'node:fs';
import vm from 'node:vm';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const BUILDS = {
  im: '@yxim/nim-web-sdk/dist/SDK/NIM_Web_NIM.js',
  chatroom: '@yxim/nim-web-sdk/dist/SDK/NIM_Web_Chatroom.js',
} as const;

interface Param {
  type: string;
}
interface ConfigMap {
  cmdConfig: Record<string, { sid: number; cid: number; params?: Param[] }>;
  packetConfig: Record<string, { cmd: string; response?: Param[] }>;
}
export interface WireTypesOfId {
  /** What the client sends (cmdConfig's params), when it sends this id. */
  q?: string[];
  /** What the server sends (packetConfig's response). */
  r?: string[];
}
export type WireTypes = Record<keyof typeof BUILDS, Record<string, WireTypesOfId>>;

function configMapOf(path: string): ConfigMap {
  const source = fs.readFileSync(require.resolve(path), 'utf8');
  const browser: Record<string, unknown> = {
    navigator: { userAgent: 'Mozilla/5.0' },
    location: { protocol: 'https:', href: 'https://localhost/' },
    document: {},
    ...{ setTimeout, clearTimeout, setInterval, clearInterval, console, TextDecoder, TextEncoder },
  };
  browser.window = browser;
  browser.self = browser;
  const module = { exports: {} as { parser?: { configMap?: ConfigMap } } };
  vm.runInContext(source, vm.createContext({ ...browser, module, exports: module.exports }));
  const configMap = module.exports.parser?.configMap;
  if (!configMap?.cmdConfig || !configMap.packetConfig)
    throw new Error(`${path}: no parser.configMap (has the SDK changed?)`);
  return configMap;
}

/** The types NIM's packer and unpacker know; any other name (4_3's `ph`) puts nothing on the wire. */
const KNOWN = new Set(['Byte', 'Int', 'Bool', 'Long', 'String', 'Property', 'PropertyArray']);
for (const type of ['LongArray', 'StrArray', 'StrStrMap', 'StrLongMap', 'LongLongMap', 'KVArray'])
  KNOWN.add(type);
const typesOf = (params: Param[] | undefined) =>
  (params ?? []).map((param) => (KNOWN.has(param.type) ? param.type : 'Nothing'));

function readBuild(path: string): Record<string, WireTypesOfId> {
  const out: Record<string, WireTypesOfId> = {};
  const entry = (id: string) => (out[id] ??= {});
  const { packetConfig, cmdConfig } = configMapOf(path);
  for (const [id, packet] of Object.entries(packetConfig)) entry(id).r = typesOf(packet.response);
  for (const command of Object.values(cmdConfig))
    if (Number.isInteger(command.sid) && Number.isInteger(command.cid))
      entry(`${command.sid}_${command.cid}`).q = typesOf(command.params);
  return out;
}

export function readNimWireTypes(): WireTypes {
  return { im: readBuild(BUILDS.im), chatroom: readBuild(BUILDS.chatroom) };
}

const byId = (a: string, b: string) => {
  const [as, ac] = a.split('_').map(Number);
  const [bs, bc] = b.split('_').map(Number);
  return as! - bs! || ac! - bc!;
};

export function renderWireTypes(types: WireTypes): string {
  const link = (table: Record<string, WireTypesOfId>) =>
    Object.keys(table)
      .sort(byId)
      .map((id) => `'${id}': ${JSON.stringify(table[id])},`)
      .join('\n');
  return `// Written by scripts/nim-wire-types.ts from the official NIM Web SDK's browser builds (9.21.12):
// the positional parameter types of each NIM command id, \`q\` what a client sends, \`r\` what the
// server sends. NIM's binary link carries no types, so both ends read them from such a table.
// Do not edit; a test keeps it true to the SDK.
import type { NimWireType } from './wire-codec.ts';

interface WireTypesOfId {
  readonly q?: readonly NimWireType[];
  readonly r?: readonly NimWireType[];
}

export const NIM_WIRE_TYPES: Readonly<Record<'im' | 'chatroom', Readonly<Record<string, WireTypesOfId>>>> = {
  im: {
${link(types.im)}
  },
  chatroom: {
${link(types.chatroom)}
  },
};
`;
}
