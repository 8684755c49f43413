// Builds the web app, the operator console and the server (apps/web, apps/admin, apps/server)
// when a build is missing or older than any of its inputs, so `npm start` and `npm test` always run
// what the source says, without rebuilding when nothing changed. The inputs of each are its own
// sources, the sources of every workspace package it bundles (`@morsel/*` dependencies, which Vite
// and esbuild compile from their TypeScript source) and the lockfile; test files are not inputs.
//
//   node scripts/ensure-builds.mjs                  build when stale
//   node scripts/ensure-builds.mjs --check [root]   only say: exit 0 up to date, 1 stale
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
/**
 * The apps built here: their folder, workspace name, the label of their messages and the file
 * whose time says when the build was made.
 */
const APPS = [
  { folder: 'apps/web', workspace: '@morsel/web', label: 'web', built: 'dist/index.html' },
  { folder: 'apps/admin', workspace: '@morsel/admin', label: 'admin', built: 'dist/index.html' },
  { folder: 'apps/server', workspace: '@morsel/server', label: 'server', built: 'dist/main.js' },
];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The workspace folders of the `@morsel/*` packages an app depends on, directly or not. */
function bundledWorkspaces(app) {
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
  visit(app);
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

/** Whether the app's build is missing or older than its newest input. */
function staleness(app, built) {
  const inputs = [
    ...['src', 'public', 'build', 'index.html', 'vite.config.ts', 'build.mjs', 'package.json'].map(
      (p) => path.join(app, p),
    ),
    ...bundledWorkspaces(app).flatMap((folder) => [
      path.join(folder, 'src'),
      path.join(folder, 'package.json'),
    ]),
    path.join(root, 'package-lock.json'),
  ];
  const builtFile = path.join(app, built);
  const builtAt = fs.existsSync(builtFile) ? fs.statSync(builtFile).mtimeMs : 0;
  return { builtAt, stale: builtAt < Math.max(...inputs.map(newestMtime)) };
}

let anyStale = false;
for (const { folder, workspace, label, built } of APPS) {
  // A checkout without the app (a trimmed copy, the script's own tests) has nothing to build.
  if (!fs.existsSync(path.join(root, folder, 'package.json'))) continue;
  const { builtAt, stale } = staleness(path.join(root, folder), built);
  anyStale ||= stale;
  if (checkOnly) {
    process.stdout.write(
      stale ? `[${label}] build is stale\n` : `[${label}] build is up to date\n`,
    );
  } else if (!stale) {
    process.stdout.write(`[${label}] build is up to date\n`);
  } else {
    process.stdout.write(
      builtAt ? `[${label}] sources changed: rebuilding\n` : `[${label}] no build yet: building\n`,
    );
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  }
}
if (checkOnly) process.exit(anyStale ? 1 : 0);
