import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownCells } from '../markdown-cells.ts';
import { ACTIONS_END, ACTIONS_START, renderActionTable } from './docs-table.ts';

describe('docs/im-server-api.md', () => {
  it('lists every REST action of the table (npx tsx scripts/nim-rest-table.ts)', () => {
    const text = fs.readFileSync(
      new URL('../../../../docs/im-server-api.md', import.meta.url),
      'utf8',
    );
    const block = text.slice(text.indexOf(ACTIONS_START), text.indexOf(ACTIONS_END));
    expect(block.length).toBeGreaterThan(0);
    expect(markdownCells(block)).toEqual(markdownCells(renderActionTable()));
  });
});
