// The push table test: every push the protocol declares is sent by the server and handled by the
// SDK, or sits in one of the explicit lists below with its reason. The server's sends are read
// from its code's types (pushes-sent.ts); the SDK's handlers from a real instance's registrations.
// Each list is checked both ways, so an entry goes stale the day its push starts being sent or
// handled, and a new push cannot be declared and forgotten.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPushName, PUSH_NAMES, type PushName } from '@morsel/protocol';
import { NIM } from '@morsel/im-sdk';
import { pushCallsIn, type PushCalls } from './pushes-sent.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Sent by the server, not handled by the SDK. */
const SENT_NOT_HANDLED: Partial<Record<PushName, string>> = {
  syncMySuperTeamMembers:
    'the SDK keeps no copy of its own super team memberships; getMySuperTeamMembers asks the server',
  chatroomKicked: 'a chatroom-link push: the SDK Chatroom handles it (chatroom/link.ts), not NIM',
  chatroomMsg: 'a chatroom-link push: the SDK Chatroom handles it (chatroom.ts), not NIM',
};

/** Handled by the SDK, never sent by this server. */
const HANDLED_NOT_SENT: Partial<Record<PushName, string>> = {
  pushEvent:
    "NIM's one-event push: this server always sends the batch pushEvents, the SDK takes both",
  syncSessionAck:
    "the sync carries each session's ack inside syncSessions (Session.ack); the SDK takes both",
};

/** Declared with NIM's ids, neither sent nor handled yet. */
const NOT_BUILT: Partial<Record<PushName, string>> = {};

describe('the push table', () => {
  let calls: PushCalls | undefined;
  // Reading the server's code with the type checker is the slow part: once for the file (a
  // minute alone, longer beside a full parallel run: hence the long limits below).
  const serverCalls = () => (calls ??= pushCallsIn(serverRoot));

  const nim = NIM.getInstance({
    appKey: 'push-table',
    account: 'Shop1',
    token: 't',
    defaultLink: 'http://127.0.0.1:9',
    autoConnect: false,
    logLevel: 'off',
    logUploadUrl: 'off',
  });
  afterAll(() => nim.destroy());
  const handled = () => new Set(nim.handledPushes());

  it('finds the push of every push call in the server, and only declared pushes', () => {
    const { sent, unknown } = serverCalls();
    expect(unknown, 'push calls whose push name the types cannot tell').toEqual([]);
    const undeclared = [...sent.keys()].filter((name) => !isPushName(name));
    expect(undeclared, 'sent by the server, not declared by the protocol').toEqual([]);
    // The reader itself works: these are sent from the gateway, a feature and a sync source.
    expect(sent.get('kicked')?.[0]).toMatch(/^src\/im\/gateway\/gateway\.ts:/);
    expect([...sent.keys()]).toEqual(expect.arrayContaining(['msg', 'syncFriends', 'syncTeams']));
  }, 300_000);

  it('handles in the SDK only declared pushes', () => {
    expect([...handled()].filter((name) => !isPushName(name))).toEqual([]);
    expect(handled()).toContain('kicked'); // the link's own
    expect(handled()).toContain('msg');
  });

  it('sends and handles every declared push, but the listed ones', () => {
    const sent = serverCalls().sent;
    const sdk = handled();
    const actual = {
      sentNotHandled: [] as string[],
      handledNotSent: [] as string[],
      neither: [] as string[],
    };
    for (const name of [...PUSH_NAMES].sort()) {
      const isSent = sent.has(name);
      const isHandled = sdk.has(name);
      if (isSent && !isHandled) actual.sentNotHandled.push(name);
      if (!isSent && isHandled) actual.handledNotSent.push(name);
      if (!isSent && !isHandled) actual.neither.push(name);
    }
    const listed = (list: object) => Object.keys(list).sort();
    expect(actual).toEqual({
      sentNotHandled: listed(SENT_NOT_HANDLED),
      handledNotSent: listed(HANDLED_NOT_SENT),
      neither: listed(NOT_BUILT),
    });
  }, 300_000);
});
