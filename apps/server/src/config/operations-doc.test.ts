// docs/operations.md's settings table is what an operator reads to configure the server: it must
// list every setting of the schema, nothing else, each with the schema's default.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './schema.ts';

const doc = fs.readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
const table = doc.slice(doc.indexOf('## Settings'), doc.indexOf('## Durability'));
const rows = new Map(
  [...table.matchAll(/^\| `([A-Z0-9_]+)`\s*\|\s*([^|]*?)\s*\|/gm)].map((m) => [m[1]!, m[2]!]),
);
const settings = Object.values(ConfigSchema.properties).map(
  (schema) => schema as unknown as { env: string; default?: unknown },
);

/** How the table writes a default: in code quotes or not, booleans also as on/off, '' as empty. */
function readsAs(value: unknown, cell: string): boolean {
  const text = cell.replace(/`/g, '');
  const spelled = value === '' ? ['empty'] : value === true ? ['true', 'on'] : [String(value)];
  return spelled.some((s) => text === s || text.startsWith(`${s} (`));
}

describe('docs/operations.md, Settings', () => {
  it('lists every setting of the schema and nothing else', () => {
    expect([...rows.keys()].sort()).toEqual(settings.map((s) => s.env).sort());
  });

  it('gives each setting the default the schema has', () => {
    const wrong = settings
      .filter((s) => s.default !== undefined && !readsAs(s.default, rows.get(s.env) ?? ''))
      .map((s) => `${s.env}: schema ${JSON.stringify(s.default)}, doc ${rows.get(s.env)}`);
    expect(wrong).toEqual([]);
  });
});
