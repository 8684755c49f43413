import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from './table.ts';
import { DOC_ROUTE_LISTS, LIST_END, LIST_START, renderRouteList } from './route-lists.ts';

/** The cells of a markdown table, whatever padding the formatter gave it. */
function cells(block: string): string[][] {
  return block
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

function listIn(doc: string): string {
  const text = fs.readFileSync(new URL(`../../../docs/${doc}`, import.meta.url), 'utf8');
  const start = text.indexOf(LIST_START);
  const end = text.indexOf(LIST_END);
  expect(start, `docs/${doc} has the route-list markers`).toBeGreaterThanOrEqual(0);
  return text.slice(start, end);
}

describe('the route lists in the docs', () => {
  it('name every route of the table exactly once', () => {
    const listed = Object.values(DOC_ROUTE_LISTS).flat();
    expect([...listed].sort()).toEqual([...ROUTE_NAMES].sort());
  });

  for (const [doc, names] of Object.entries(DOC_ROUTE_LISTS))
    it(`are current in docs/${doc} (npx tsx scripts/api-route-lists.ts writes them)`, () => {
      expect(cells(listIn(doc))).toEqual(cells(renderRouteList(names)));
    });
});
