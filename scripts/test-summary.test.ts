// The closing line .ci/run prints from vitest's JSON report (scripts/test-summary.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-summary.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'morsel-summary-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The script reads CI from its environment; each test sets it rather than inheriting the run's.
function summarize(report: unknown, extraArgs: string[] = [], ci = false) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  if (report !== undefined) fs.writeFileSync(file, JSON.stringify(report));
  const env = { ...process.env, CI: ci ? 'true' : '' };
  const run = spawnSync(process.execPath, [script, file, ...extraArgs], { encoding: 'utf8', env });
  const lines = run.stdout.trim().split('\n');
  return { status: run.status, last: lines.at(-1), lines };
}

const file = (name: string, status: string, tests: string[], message = '') => ({
  name,
  status,
  message,
  assertionResults: tests.map((state, index) => ({ status: state, fullName: `test ${index}` })),
});

function allowList(skips: unknown[]): string {
  const list = path.join(dir, `${Math.random().toString(36).slice(2)}-skips.json`);
  fs.writeFileSync(list, JSON.stringify({ skips }));
  return list;
}

describe('the CI summary line', () => {
  it('ends with exactly `N passed, N failed`, the skipped count on the line before', () => {
    const run = summarize({
      success: true,
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [file('a.test.ts', 'passed', ['passed', 'passed', 'passed', 'skipped'])],
    });
    expect(run.last).toBe('3 passed, 0 failed');
    expect(run.lines.at(-2)).toBe('1 skipped');
    expect(run.status).toBe(0);
  });

  it('counts a file that failed to import and a file whose beforeAll threw (vitest leaves them out of numFailedTests)', () => {
    // The shape vitest 4 writes for those two files beside a passing one.
    const run = summarize({
      success: false,
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        file('a.test.ts', 'failed', [], "Cannot find module './missing-module.ts'"),
        file('b.test.ts', 'failed', ['skipped'], 'boom'),
        file('c.test.ts', 'passed', ['passed']),
      ],
    });
    expect(run.last).toBe('1 passed, 2 failed');
    expect(run.status).toBe(1);
  });

  it('does not count a file twice when its own tests failed', () => {
    const run = summarize({
      success: false,
      numPassedTests: 1,
      numFailedTests: 2,
      testResults: [file('a.test.ts', 'failed', ['failed', 'failed', 'passed'])],
    });
    expect(run.last).toBe('1 passed, 2 failed');
    expect(run.status).toBe(1);
  });

  it('fails a run without a report, and a run that passed nothing', () => {
    expect(summarize(undefined)).toMatchObject({ last: '0 passed, 1 failed', status: 1 });
    expect(
      summarize({ success: true, numPassedTests: 0, numFailedTests: 0, testResults: [] }),
    ).toMatchObject({
      last: '0 passed, 0 failed',
      status: 1,
    });
  });

  it('adds the failures .ci/run found outside vitest (type check, lint)', () => {
    const green = {
      success: true,
      numPassedTests: 5,
      numFailedTests: 0,
      testResults: [file('a.test.ts', 'passed', ['passed'])],
    };
    expect(summarize(green, ['--extra-failed', '2'])).toMatchObject({
      last: '5 passed, 2 failed',
      status: 1,
    });
    expect(summarize(green, ['--extra-failed', '0'])).toMatchObject({
      last: '5 passed, 0 failed',
      status: 0,
    });
  });

  describe('skipped tests under CI', () => {
    // vitest writes absolute file names; the summary and the allow list name them from the root.
    const skippedRun = {
      success: true,
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 1,
      testResults: [
        file(path.join(process.cwd(), 'apps/x.test.ts'), 'passed', ['passed', 'skipped', 'passed']),
      ],
    };
    const none = ['--allowed-skips', allowList([])];

    it('count as failures, each named', () => {
      const run = summarize(skippedRun, none, true);
      expect(run.last).toBe('2 passed, 1 failed');
      expect(run.lines).toContain(
        'skipped under CI (not in allowed-skips.json): apps/x.test.ts > test 1',
      );
      expect(run.status).toBe(1);
    });

    it('pass when the allow list names them with a reason', () => {
      const allowed = allowList([{ test: 'apps/x.test.ts > test 1', reason: 'needs a phone' }]);
      const run = summarize(skippedRun, ['--allowed-skips', allowed], true);
      expect(run).toMatchObject({ last: '2 passed, 0 failed', status: 0 });
    });

    it('refuse an allowed skip without a reason', () => {
      const allowed = allowList([{ test: 'apps/x.test.ts > test 1', reason: ' ' }]);
      const run = summarize(skippedRun, ['--allowed-skips', allowed], true);
      expect(run.status).not.toBe(0);
      expect(run.last).not.toBe('2 passed, 0 failed');
    });

    it('are only counted, not failed, outside CI', () => {
      expect(summarize(skippedRun, none, false)).toMatchObject({
        last: '2 passed, 0 failed',
        status: 0,
      });
    });

    it('read the repository allow list by default, which is valid', () => {
      const run = summarize(skippedRun, [], true);
      expect(run.last).toBe('2 passed, 1 failed');
    });
  });
});
