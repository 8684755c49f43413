// The cells of a markdown table, whatever padding the formatter gave it: what the tests that keep
// a generated table of the docs equal to its source compare.
export function markdownCells(block: string): string[][] {
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
