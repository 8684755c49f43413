import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  commandAt,
  COMMANDS,
  isPushName,
  PUSH_NAMES,
  SERVICES,
  validateParams,
  type CommandName,
  type PushName,
  type PushParams,
} from './index.ts';

describe('the command table', () => {
  it('gives every command a unique (link, sid, cid) and finds it back', () => {
    for (const [name, def] of Object.entries(COMMANDS)) {
      expect(commandAt(def.link, def.sid, def.cid)).toBe(name);
    }
  });

  it('keeps the service ids NIM users know', () => {
    expect(SERVICES).toMatchObject({
      link: 1,
      auth: 2,
      user: 3,
      notify: 4,
      sync: 5,
      misc: 6,
      msg: 7,
      team: 8,
      friend: 12,
      chatroom: 13,
      event: 14,
      signal: 15,
      superTeam: 21,
      msgExtend: 23,
    });
    const at = (name: CommandName) => [COMMANDS[name].sid, COMMANDS[name].cid];
    expect(at('heartbeat')).toEqual([1, 2]);
    expect(at('login')).toEqual([2, 3]);
    expect(at('kicked')).toEqual([2, 5]);
    expect(at('sync')).toEqual([5, 1]);
    expect(at('getServerTime')).toEqual([6, 23]);
    expect(at('sendMsg')).toEqual([7, 1]);
  });

  it('allows only link negotiation, heartbeat and login before login', () => {
    const preLogin = Object.entries(COMMANDS)
      .filter(([, d]) => d.preLogin && d.link === 'im')
      .map(([n]) => n);
    expect(preLogin.sort()).toEqual(['heartbeat', 'initTransport', 'login', 'negotiateTransport']);
  });
});

describe('validateParams', () => {
  const login = {
    appKey: 'k',
    account: 'a',
    token: 't',
    clientType: 16,
    os: 'web',
    sdkVersion: 1,
    protocolVersion: 1,
    deviceId: 'd',
    appLogin: 0,
  };

  it('accepts valid parameters', () => {
    expect(validateParams(COMMANDS.login.request, login)).toBeNull();
  });

  it('names the first bad field', () => {
    expect(validateParams(COMMANDS.login.request, { ...login, account: '' })).toMatch(/^account: /);
    expect(validateParams(COMMANDS.login.request, { ...login, clientType: 3 })).toMatch(
      /^clientType/,
    );
    expect(validateParams(COMMANDS.kick.request, { deviceIds: [] })).toMatch(/^deviceIds/);
    expect(
      validateParams(COMMANDS.getUsers.request, {
        accounts: Array.from({ length: 151 }, (_, i) => `u${i}`),
      }),
    ).toMatch(/^accounts/);
  });

  it('refuses unknown parameters', () => {
    expect(validateParams(COMMANDS.login.request, { ...login, admin: true })).toMatch(
      /admin|additional/i,
    );
  });
});

describe('pushes', () => {
  it('lists exactly the commands declared as pushes', () => {
    const declared = Object.entries(COMMANDS)
      .filter(([, def]) => def.kind === 'push')
      .map(([name]) => name);
    expect([...PUSH_NAMES]).toEqual(declared);
    expect(PUSH_NAMES).toContain('msg');
    expect(PUSH_NAMES).not.toContain('sendMsg');
    expect(isPushName('kicked')).toBe(true);
    expect(isPushName('login')).toBe(false);
    expect(isPushName('toString')).toBe(false);
  });

  it('types a push by its schema (checked by tsc)', () => {
    expectTypeOf<PushParams<'msg'>>().toHaveProperty('msg');
    expectTypeOf<PushParams<'notifySync'>>().toEqualTypeOf<{ categories: string[] }>();
    expectTypeOf<'sendMsg'>().not.toExtend<PushName>();
    expectTypeOf<'msg'>().toExtend<PushName>();
  });
});
