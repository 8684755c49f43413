import fs from 'node:fs';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { COMMANDS, NIM_COMMANDS, NIM_DIALECT, NIM_WIRE_TYPES, type NimId } from '@morsel/protocol';
import { readNimWireTypes, renderWireTypes } from './nim-wire-types-read.ts';

const FILE = new URL('../packages/protocol/src/nim/wire-types.ts', import.meta.url);

describe("NIM's parameter types (the binary link's table)", () => {
  it('are what the SDK’s browser builds say (npx tsx scripts/nim-wire-types.ts)', async () => {
    const options = await prettier.resolveConfig(FILE.pathname);
    const expected = await prettier.format(renderWireTypes(readNimWireTypes()), {
      ...options,
      filepath: FILE.pathname,
    });
    expect(fs.readFileSync(FILE, 'utf8')).toBe(expected);
  });

  it('type every request the dialect carries, on its link', () => {
    const untyped: string[] = [];
    for (const name of NIM_COMMANDS) {
      const command = COMMANDS[name];
      if (command.kind === 'push') continue;
      const entry = NIM_DIALECT[name as keyof typeof NIM_DIALECT] as { nimIds?: readonly NimId[] };
      for (const { sid, cid } of entry.nimIds ?? [command])
        if (!NIM_WIRE_TYPES[command.link][`${sid}_${cid}`]?.q)
          untyped.push(`${name} ${command.link}:${sid}_${cid}`);
    }
    expect(untyped).toEqual([]);
  });
});
