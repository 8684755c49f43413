import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownCells } from '../markdown-cells.ts';
import {
  CHATROOM_STATUS_END,
  CHATROOM_STATUS_START,
  renderChatroomStatusTable,
  renderStatusTable,
  STATUS_END,
  STATUS_START,
} from './status.ts';

describe('docs/nim-compatibility.md', () => {
  it('lists every IM command with its NIM status as the dialect table says (npx tsx scripts/nim-status-table.ts)', () => {
    const text = fs.readFileSync(
      new URL('../../../../docs/nim-compatibility.md', import.meta.url),
      'utf8',
    );
    const block = text.slice(text.indexOf(STATUS_START), text.indexOf(STATUS_END));
    expect(block.length).toBeGreaterThan(0);
    expect(markdownCells(block)).toEqual(markdownCells(renderStatusTable()));
  });

  it('lists every chatroom-link command with NIM’s ids and status (same script)', () => {
    const text = fs.readFileSync(
      new URL('../../../../docs/nim-compatibility.md', import.meta.url),
      'utf8',
    );
    const block = text.slice(
      text.indexOf(CHATROOM_STATUS_START),
      text.indexOf(CHATROOM_STATUS_END),
    );
    expect(block.length).toBeGreaterThan(0);
    expect(markdownCells(block)).toEqual(markdownCells(renderChatroomStatusTable()));
  });
});
