import { describe, expect, it } from 'vitest';
import { COMMANDS, commandAt, RETIRED_COMMANDS, retiredCommandAt } from './commands/index.ts';
import {
  isSyncCategory,
  STORED_SYNC_CATEGORIES,
  SYNC_CATEGORIES,
  SYNC_DATA_PUSHES,
  syncTimetagsOf,
} from './sync-categories.ts';

describe('sync categories', () => {
  it('name only pushes of the table as the pushes that carry a category', () => {
    for (const name of SYNC_DATA_PUSHES) expect(COMMANDS[name].kind).toBe('push');
  });

  it('keep the message, session and system-message categories on the device, nothing else', () => {
    expect([...STORED_SYNC_CATEGORIES].sort()).toEqual(
      [
        'deleteMsg',
        'msgReceipts',
        'offlineMsgs',
        'sessions',
        'stickTopSessions',
        'superTeamMsgs',
        'superTeamSessions',
        'sysMsgs',
        'teamMsgs',
      ].sort(),
    );
  });

  it('keep only known categories of a reply', () => {
    expect(syncTimetagsOf({ offlineMsgs: 5, unknownThing: 7, toString: 1 })).toEqual({
      offlineMsgs: 5,
    });
    expect(isSyncCategory('constructor')).toBe(false);
    expect(Object.keys(SYNC_CATEGORIES).every(isSyncCategory)).toBe(true);
  });
});

describe('retired commands', () => {
  it('are out of the table, and their ids are reserved', () => {
    for (const retired of RETIRED_COMMANDS) {
      expect(retired.name in COMMANDS).toBe(false);
      expect(commandAt('im', retired.sid, retired.cid)).toBeUndefined();
      expect(retiredCommandAt(retired.sid, retired.cid)).toBe(retired);
    }
  });
});
