// The schema-free wire table (wire.generated.ts) must say what the command table says, in the
// same order: the SDK sends and dispatches by it, the server by the table with schemas.
import { describe, expect, it } from 'vitest';
import { COMMANDS, type CommandDef, type CommandName } from './index.ts';
import { WIRE_COMMANDS, commandAt, isPushName } from './wire.ts';
import { wireFacts } from './wire-render.ts';

describe('the wire table', () => {
  it('is the command table without schemas (else run npx tsx scripts/protocol-wire-table.ts)', () => {
    const expected = Object.fromEntries(
      Object.entries(COMMANDS).map(([name, def]) => [name, wireFacts(def as CommandDef)]),
    );
    expect(Object.keys(WIRE_COMMANDS)).toEqual(Object.keys(COMMANDS));
    expect(WIRE_COMMANDS).toEqual(expected);
  });

  it('finds every command back by its link and ids, and tells pushes from requests', () => {
    for (const [name, def] of Object.entries(COMMANDS) as [CommandName, CommandDef][]) {
      expect(commandAt(def.link, def.sid, def.cid)).toBe(name);
      expect(isPushName(name)).toBe(def.kind === 'push');
    }
    expect(commandAt('im', 255, 255)).toBeUndefined();
    expect(isPushName('toString')).toBe(false);
  });
});
