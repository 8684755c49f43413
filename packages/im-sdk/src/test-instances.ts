// NIM instances for the unit tests that need no server: account Shop1, autoConnect off, a link
// address nobody listens on, no logs. Each is destroyed after its test.
import { afterEach } from 'vitest';
import { NIM } from './nim.ts';
import type { NimOptions } from './options.ts';

/** Call at a test file's top level: it registers the clean-up after each test. */
export function serverlessInstances() {
  const opened: NIM[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
  });

  function instance(appKey: string, extra: Partial<NimOptions> = {}): NIM {
    const nim = NIM.getInstance({
      appKey,
      account: 'Shop1',
      token: 't',
      defaultLink: 'http://127.0.0.1:9',
      autoConnect: false,
      logLevel: 'off',
      logUploadUrl: 'off',
      ...extra,
    });
    opened.push(nim);
    return nim;
  }

  /** Ends an instance before its test does (a page left): its pending local database writes land first. */
  async function leave(nim: NIM): Promise<void> {
    const index = opened.indexOf(nim);
    if (index >= 0) opened.splice(index, 1);
    await nim.destroy();
  }

  return { instance, leave };
}
