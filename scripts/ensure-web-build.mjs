// Builds the web app when its build is missing or older than any of its inputs, so `npm start`
// and `npm test` always serve what the source says, without rebuilding when nothing changed.
// The inputs are the web app's own sources, the sources of every workspace package it bundles
// (`@morsel/*` dependencies, which Vite compiles from their TypeScript source) and the lockfile;
// test files are not inputs.
//
//   node scripts/ensure-web-build.mjs                  build when stale
//   node scripts/ensure-web-build.mjs --check [root]   only say: exit 0 up to date, 1 stale
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const root = path.resolve(
  args.find((arg) => !arg.startsWith('--')) ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The workspace folders of the `@morsel/*` packages the web app depends on, directly or not. */
function bundledWorkspaces() {
  const byName = new Map();
  for (const folder of readJson(path.join(root, 'package.json')).workspaces ?? []) {
    const manifest = path.join(root, folder, 'package.json');
    if (fs.existsSync(manifest)) byName.set(readJson(manifest).name, path.join(root, folder));
  }
  const found = new Set();
  const visit = (folder) => {
    const manifest = readJson(path.join(folder, 'package.json'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      const dependency = byName.get(name);
      if (dependency && !found.has(dependency)) {
        found.add(dependency);
        visit(dependency);
      }
    }
  };
  visit(web);
  return [...found];
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    // Builds and dependencies are not inputs; nor are tests, which no bundle imports.
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.[cm]?[jt]sx?$/.test(entry))
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const inputs = [
  ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(web, p),
  ),
  ...bundledWorkspaces().flatMap((folder) => [
    path.join(folder, 'src'),
    path.join(folder, 'package.json'),
  ]),
  path.join(root, 'package-lock.json'),
];

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...inputs.map(newestMtime));
const stale = builtAt < changedAt;
if (checkOnly) {
  process.stdout.write(stale ? '[web] build is stale\n' : '[web] build is up to date\n');
  process.exit(stale ? 1 : 0);
}
if (!stale) {
  process.stdout.write('[web] build is up to date\n');
} else {
  process.stdout.write(
    builtAt ? '[web] sources changed: rebuilding\n' : '[web] no build yet: building\n',
  );
  execFileSync('npm', ['run', 'build', '-w', '@morsel/web'], { cwd: root, stdio: 'inherit' });
}
