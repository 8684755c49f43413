import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderStatusTable, STATUS_END, STATUS_START } from './status.ts';

/** The cells of a markdown table, whatever padding the formatter gave it. */
const cells = (block: string) =>
  block
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );

describe('docs/nim-compatibility.md', () => {
  it('lists every IM command with its NIM status as the dialect table says (npx tsx scripts/nim-status-table.ts)', () => {
    const text = fs.readFileSync(
      new URL('../../../../docs/nim-compatibility.md', import.meta.url),
      'utf8',
    );
    const block = text.slice(text.indexOf(STATUS_START), text.indexOf(STATUS_END));
    expect(block.length).toBeGreaterThan(0);
    expect(cells(block)).toEqual(cells(renderStatusTable()));
  });
});
