// The wire table's text form (decision 0063): one `name,sid,cid,flags[,timeoutMs];` per command,
// written by wire-render.ts into wire.generated.ts and read here once at start. Flags: `p` push
// or `r` request, `c` chatroom or `i` im link, `1` or `0` for allowed before login.
import type { WireCommand } from './wire.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;

export function wireLine(name: string, f: WireCommand): string {
  const flags = `${f.kind === 'push' ? 'p' : 'r'}${f.link === 'chatroom' ? 'c' : 'i'}${f.preLogin ? 1 : 0}`;
  const timeout = f.timeoutMs === DEFAULT_TIMEOUT_MS ? '' : `,${f.timeoutMs}`;
  return `${name},${f.sid},${f.cid},${flags}${timeout};`;
}

/** The table from its text, commands in the order written. */
export function readWireTable<T>(text: string): T {
  const table: Record<string, WireCommand> = {};
  for (const line of text.split(';')) {
    if (!line) continue;
    const [name, sid, cid, flags, timeout] = line.split(',') as [
      string,
      string,
      string,
      string,
      string?,
    ];
    table[name] = {
      sid: Number(sid),
      cid: Number(cid),
      kind: flags[0] === 'p' ? 'push' : 'request',
      link: flags[1] === 'c' ? 'chatroom' : 'im',
      preLogin: flags[2] === '1',
      timeoutMs: timeout ? Number(timeout) : DEFAULT_TIMEOUT_MS,
    };
  }
  return table as T;
}
