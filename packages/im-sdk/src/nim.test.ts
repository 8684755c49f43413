// The facade exposes every public method of every manager, with the manager's parameters and
// result, except the few the managers offer each other. Checked by the compiler (`npm run
// typecheck` includes this file): a method added to a manager and forgotten in nim.ts fails it.
import { describe, expectTypeOf, it } from 'vitest';
import type { EventsManager } from './events/events-manager.ts';
import type { ExtrasManager } from './extras/extras-manager.ts';
import type { FilesManager } from './files/files-manager.ts';
import type { LocalMsgsManager } from './local-msgs/local-msgs-manager.ts';
import type { MessagesManager } from './messages/messages-manager.ts';
import type { NIM } from './nim.ts';
import type { PeopleManager } from './people/people-manager.ts';
import type { PushSettingsManager } from './push-settings/push-settings-manager.ts';
import type { SessionsManager, SessionUpdates } from './sessions/sessions-manager.ts';
import type { SuperTeamsManager } from './super-teams/super-teams-manager.ts';
import type { SysMsgsManager } from './sysmsgs/sysmsgs-manager.ts';
import type { TeamsManager } from './teams/teams-manager.ts';

/** What managers offer each other only (explicit constructor arguments), never the application. */
type BetweenManagers = keyof SessionUpdates | 'localUsers' | 'sendFileMsg';

/** The public methods of a manager NIM does not expose with the same type. */
type NotOnFacade<M> = {
  [K in Exclude<keyof M, BetweenManagers>]: K extends keyof NIM
    ? [M[K]] extends [NIM[K]]
      ? [NIM[K]] extends [M[K]]
        ? never
        : K
      : K
    : K;
}[Exclude<keyof M, BetweenManagers>];

describe('the NIM facade', () => {
  it('forwards every public method of every manager (checked by tsc)', () => {
    expectTypeOf<NotOnFacade<SessionsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<MessagesManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<LocalMsgsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<ExtrasManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<PeopleManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<SysMsgsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<TeamsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<SuperTeamsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<EventsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<PushSettingsManager>>().toEqualTypeOf<never>();
    expectTypeOf<NotOnFacade<FilesManager>>().toEqualTypeOf<never>();
  });
});
