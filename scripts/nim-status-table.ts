// Writes the command table of docs/nim-compatibility.md from the NIM dialect of the command table
// (packages/protocol/src/nim/status.ts), then formats it. Run: npx tsx scripts/nim-status-table.ts
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { withStatusTable } from '../packages/protocol/src/nim/status.ts';

const file = new URL('../docs/nim-compatibility.md', import.meta.url);
const updated = withStatusTable(fs.readFileSync(file, 'utf8'));
if (updated === undefined) throw new Error('docs/nim-compatibility.md has no nim-status markers');
fs.writeFileSync(file, updated);
execFileSync('npx', ['prettier', '--write', 'docs/nim-compatibility.md'], { stdio: 'inherit' });
