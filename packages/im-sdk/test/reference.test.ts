// docs/im-sdk-reference.md is read from the SDK's types: it must be current, and every option
// and callback an application can pass must say what it means.
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REFERENCE_FILE, renderReference } from '../scripts/reference.ts';

describe('docs/im-sdk-reference.md', () => {
  let rendered: string;

  it('is current (npx tsx packages/im-sdk/scripts/reference.ts writes it)', async () => {
    rendered = await renderReference();
    expect(await fs.readFile(REFERENCE_FILE, 'utf8')).toBe(rendered);
  }, 180_000);

  it('explains every option and callback', () => {
    // The rows between each "### Options" and its "### Methods": options, then callbacks.
    const optionRows = rendered
      .split('### Options')
      .slice(1)
      .flatMap((part) => part.slice(0, part.indexOf('### Methods')).split('\n'))
      .filter((line) => /^\| `[A-Za-z]+` /.test(line));
    const unexplained = optionRows
      .filter((line) => line.split('|').at(-2)!.trim() === '')
      .map((line) => line.split('|')[1]!.trim());
    expect(optionRows.length).toBeGreaterThan(60);
    expect(unexplained).toEqual([]);
  });
});
