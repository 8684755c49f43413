// Prints the plain closing line CI reads, `N passed, N failed, N skipped`, from vitest's JSON
// report. A missing or empty report is a failure: a run that executed no test must show.
import fs from 'node:fs';

const reportPath = process.argv[2] ?? 'test-results/vitest.json';
let report;
try {
  report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
} catch (error) {
  console.log(`no test report at ${reportPath} (${error.message})`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
