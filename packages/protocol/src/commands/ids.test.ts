// Ids and times the server keeps in 64-bit columns are capped at 2^53 - 1 by the schemas
// (security review L7); ids a client makes up (idClient) stay free text.
import { describe, expect, it } from 'vitest';
import { COMMANDS, validateParams } from './index.ts';

const key = (idServer: string, idClient: string, time = 1_767_225_600_000) => ({
  scene: 'p2p',
  from: 'a',
  to: 'b',
  idServer,
  idClient,
  time,
});
const comments = (msg: ReturnType<typeof key>) =>
  validateParams(COMMANDS.getQuickComments.request, { msgs: [msg] });

describe('ids and times', () => {
  it('accepts a digit id up to 2^53 - 1 and refuses a larger one, naming the field', () => {
    expect(comments(key(String(Number.MAX_SAFE_INTEGER), 'c1'))).toBeNull();
    expect(comments(key('9007199254740992', 'c1'))).toMatch(/^msgs\.0\.idServer:/);
    expect(comments(key('9'.repeat(30), 'c1'))).toMatch(/^msgs\.0\.idServer:/);
  });

  it('leaves idClient free text, even when a random hex one is all digits', () => {
    expect(comments(key('12', '1'.repeat(32)))).toBeNull();
  });

  it('refuses a time beyond 2^53 - 1', () => {
    expect(comments(key('12', 'c1', Number.MAX_SAFE_INTEGER))).toBeNull();
    expect(comments(key('12', 'c1', 1e20))).toMatch(/^msgs\.0\.time:/);
  });
});
