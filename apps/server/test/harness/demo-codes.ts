// The demo campaigns' passwords and exchange codes are generated per install; tests name them by
// the label the seed file gives them (e.g. 零食节快乐) and type what this server generated.
import type { TestServer } from './server.ts';

export function demoCode(server: TestServer, label: string): string {
  const found = server.server.seeded.demoCodes.find((code) => code.label === label);
  if (!found) throw new Error(`no demo code labelled ${label}: is MORSEL_SEED_DEMO on?`);
  return found.value;
}
