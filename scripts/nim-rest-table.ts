// Writes the action list of docs/im-server-api.md from the REST action table
// (packages/protocol/src/nim-rest), then formats it. Run: npx tsx scripts/nim-rest-table.ts
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { withActionTable } from '../packages/protocol/src/nim-rest/docs-table.ts';

const file = new URL('../docs/im-server-api.md', import.meta.url);
const updated = withActionTable(fs.readFileSync(file, 'utf8'));
if (updated === undefined) throw new Error('docs/im-server-api.md has no nim-rest-actions markers');
fs.writeFileSync(file, updated);
execFileSync('npx', ['prettier', '--write', 'docs/im-server-api.md'], { stdio: 'inherit' });
