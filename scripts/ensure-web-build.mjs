// Builds the web app when its build is missing or older than any of its sources, so `npm start`
// and `npm test` always serve what the source says, without rebuilding when nothing changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(web, p));

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt >= changedAt) {
  process.stdout.write('[web] build is up to date\n');
} else {
  process.stdout.write(builtAt ? '[web] sources changed: rebuilding\n' : '[web] no build yet: building\n');
  execFileSync('npm', ['run', 'build', '-w', '@morsel/web'], { cwd: root, stdio: 'inherit' });
}
