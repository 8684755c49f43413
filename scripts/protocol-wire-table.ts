// Writes packages/protocol/src/commands/wire.generated.ts (each command's ids and link facts
// without its schemas, for browsers) from the command table, then formats it.
// Run after changing a command: npx tsx scripts/protocol-wire-table.ts
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { renderWireTable } from '../packages/protocol/src/commands/wire-render.ts';

const file = 'packages/protocol/src/commands/wire.generated.ts';
fs.writeFileSync(new URL(`../${file}`, import.meta.url), renderWireTable());
execFileSync('npx', ['prettier', '--write', file], { stdio: 'inherit' });
