// Prints the plain closing line CI reads, `N passed, N failed`, from vitest's JSON report (the
// skipped count goes on the line before it). A missing or empty report is a failure: a run that
// executed no test must show. A test file that failed without a failed test (an import error, a
// beforeAll that threw) counts as one failure: vitest's numFailedTests leaves those out.
// `--extra-failed N` adds N failures found outside vitest (.ci/run: type check, lint).
// Under CI (CI=true) a skipped test is a failure, because CI has every engine and service a test
// needs: a skip there hides a test that no longer runs. A test meant to be skipped is listed with
// its reason in scripts/allowed-skips.json (`--allowed-skips FILE` reads another list).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const extraFailed = Number(option('--extra-failed')) || 0;
const allowedSkipsPath =
  option('--allowed-skips') ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'allowed-skips.json');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const reportPath = args[0] ?? 'test-results/vitest.json';
let report;
try {
  report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
} catch (error) {
  console.log(`no test report at ${reportPath} (${error.message})`);
  console.log(`0 passed, ${1 + extraFailed} failed`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failedFilesWithoutFailedTest = (report.testResults ?? []).filter(
  (file) =>
    file.status === 'failed' &&
    !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
);
for (const file of failedFilesWithoutFailedTest)
  console.log(`failed file: ${file.name}: ${file.message ?? ''}`);
let failed = (report.numFailedTests ?? 0) + failedFilesWithoutFailedTest.length + extraFailed;
// Whatever else vitest counted as unsuccessful still shows as a failure.
if (report.success === false && failed === 0) failed = 1;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
if (inCi) {
  const allowed = allowedSkips();
  const unexpected = skippedTests(report).filter((test) => !allowed.has(test));
  for (const test of unexpected)
    console.log(`skipped under CI (not in allowed-skips.json): ${test}`);
  failed += unexpected.length;
}
console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/** Every skipped or todo test as `file > full name`, the file relative to the working directory. */
function skippedTests(vitestReport) {
  return (vitestReport.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => ['skipped', 'pending', 'todo'].includes(test.status))
      .map((test) => `${path.relative(process.cwd(), file.name)} > ${test.fullName ?? test.title}`),
  );
}

/** The allow list: `{ "skips": [{ "test": "file > full name", "reason": "why" }] }`. */
function allowedSkips() {
  const list = JSON.parse(fs.readFileSync(allowedSkipsPath, 'utf8')).skips ?? [];
  for (const entry of list)
    if (!entry.test || !entry.reason?.trim())
      throw new Error(`${allowedSkipsPath}: every allowed skip needs "test" and "reason"`);
  return new Set(list.map((entry) => entry.test));
}
