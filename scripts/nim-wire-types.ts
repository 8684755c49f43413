// Writes packages/protocol/src/nim/wire-types.ts: the positional parameter types of every NIM
// command id, read as facts from the official SDK's browser builds (@yxim/nim-web-sdk, a
// devDependency). NIM's binary link carries no type information, so both ends must agree on each
// id's list (docs/nim-compatibility.md, decision 0064). Run: npx tsx scripts/nim-wire-types.ts
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { readNimWireTypes, renderWireTypes } from './nim-wire-types-read.ts';

const file = new URL('../packages/protocol/src/nim/wire-types.ts', import.meta.url);
fs.writeFileSync(file, renderWireTypes(readNimWireTypes()));
execFileSync('npx', ['prettier', '--write', file.pathname], { stdio: 'inherit' });
