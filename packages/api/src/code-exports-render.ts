// Renders code-exports.generated.ts: the error catalogue (codes.ts) as one export per code.
// A bundle that reads the codes through a namespace import (`import * as CODES`) keeps only the
// codes it names, where the catalogue object brings all 200-odd (5 kB gzip) to every page that
// reads one (decision 0061). codes.ts stays the only declaration; this is generated from it.
import { CODES } from './codes.ts';

/** The JavaScript reserved words a code's name could collide with as an export. */
const RESERVED = new Set(['default', 'delete', 'in', 'new', 'return', 'switch', 'this', 'void']);

export function renderCodeExports(
  catalogue: Record<string, { code: number; message: string }> = CODES,
): string {
  const lines = [
    '// Generated from codes.ts by `npx tsx scripts/api-code-exports.ts`: do not edit.',
    '// One export per code of the catalogue, so `import * as CODES` keeps only the codes a bundle',
    '// names (decision 0061); code-exports.test.ts fails when this file is stale.',
    '',
  ];
  for (const [name, { code, message }] of Object.entries(catalogue)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || RESERVED.has(name))
      throw new Error(`code name ${name} cannot be an export`);
    lines.push(
      `export const ${name} = { code: ${code}, message: ${JSON.stringify(message)} } as const;`,
    );
  }
  return `${lines.join('\n')}\n`;
}
