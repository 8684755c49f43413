// Prints the plain closing line CI reads, `N passed, N failed`, from vitest's JSON report (the
// skipped count goes on the line before it). A missing or empty report is a failure: a run that
// executed no test must show. A test file that failed without a failed test (an import error, a
// beforeAll that threw) counts as one failure: vitest's numFailedTests leaves those out.
// `--extra-failed N` adds N failures found outside vitest (.ci/run: type check, lint).
import fs from 'node:fs';

const args = process.argv.slice(2);
const extraAt = args.indexOf('--extra-failed');
const extraFailed = extraAt >= 0 ? Number(args.splice(extraAt, 2)[1]) || 0 : 0;
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
console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
