// Writes packages/api/src/code-exports.generated.ts (one export per code of the error
// catalogue, decision 0061) from codes.ts, then formats it. Run: npx tsx scripts/api-code-exports.ts
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { renderCodeExports } from '../packages/api/src/code-exports-render.ts';

const file = 'packages/api/src/code-exports.generated.ts';
fs.writeFileSync(new URL(`../${file}`, import.meta.url), renderCodeExports());
execFileSync('npx', ['prettier', '--write', file], { stdio: 'inherit' });
