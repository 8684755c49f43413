// The public facade, with the NIM Web SDK's names: NIM.getInstance(options) returns the instance
// of that account (cached and reused with updated options), whose methods return promises and
// also accept NIM's `done(error, result)`. The instance is the core plus one mixin per domain.
import { NimCore } from './core.ts';
import { resolveOptions, type NimOptions } from './options.ts';
import { ExtrasApi } from './services/extras.ts';
import { LocalMsgsApi } from './services/local-msgs.ts';
import { MessagesApi } from './services/messages.ts';
import { SessionsApi } from './services/sessions.ts';
import { PeopleApi } from './services/people.ts';
import { SysMsgsApi } from './services/sysmsgs.ts';
import { TeamsApi } from './services/teams.ts';
import { EventsApi } from './services/events.ts';
import { SuperTeamsApi } from './services/super-teams.ts';
import { PushSettingsApi } from './services/push-settings.ts';
import type { Done } from './util/done.ts';

const instances = new Map<string, NIM>();
/**
 * One instance per app and account (accounts match case-insensitively). An explicit deviceId
 * names another device of the account, so one process can hold several (bots, tests).
 */
const instanceKey = (options: NimOptions) =>
  `${options.appKey}\u0000${options.account.toLowerCase()}\u0000${options.deviceId ?? ''}`;

export class NIM extends PushSettingsApi(
  SuperTeamsApi(
    EventsApi(
      TeamsApi(SysMsgsApi(PeopleApi(ExtrasApi(LocalMsgsApi(MessagesApi(SessionsApi(NimCore))))))),
    ),
  ),
) {
  /** Returns the account's instance, creating it (and connecting) on first use. */
  static getInstance(options: NimOptions): NIM {
    const resolved = resolveOptions(options);
    const key = instanceKey(resolved);
    const existing = instances.get(key);
    if (existing) {
      existing.setOptions(options);
      if (
        resolved.autoConnect !== false &&
        ['disconnected', 'connectFailed', 'idle'].includes(existing.state)
      ) {
        void existing.connect().catch(() => {});
      }
      return existing;
    }
    const instance = new NIM(resolved);
    instances.set(key, instance);
    if (resolved.autoConnect !== false) void instance.connect().catch(() => {});
    return instance;
  }

  /** Disconnects and forgets the instance: the next getInstance creates a new one. */
  override destroy(options: { done?: Done<void> } = {}): Promise<void> {
    instances.delete(instanceKey(this.options));
    return super.destroy(options);
  }
}
