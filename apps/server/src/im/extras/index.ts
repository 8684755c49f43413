// Message extras (document 2's msgExtend service): quick comments, collects, message pins,
// stick-top sessions and thread messages, with their pushes and sync categories.
import type { Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { SceneRegistry } from '../messaging/index.ts';
import type { WriteGuard } from '../messaging/index.ts';
import type { ExtrasDeps } from './access.ts';
import { collectHandlers } from './collects.ts';
import { commentHandlers, registerCommentSync } from './comments.ts';
import { pinHandlers, registerPinSync } from './pins.ts';
import { registerStickTopSync, stickTopHandlers } from './stick-top.ts';
import { threadHandlers } from './threads.ts';

export interface ExtrasOptions {
  store: Store;
  im: ImGateway;
  /** The messaging feature's scenes: who takes part in a message's conversation. */
  scenes: SceneRegistry;
  /** The messaging feature's write guards (blacklists): comments and pins pass them too. */
  writeGuards: readonly WriteGuard[];
  /** Collects one account may keep (403 beyond). */
  collectsPerAccount: number;
}

export function registerExtras(options: ExtrasOptions): void {
  const deps: ExtrasDeps = {
    store: options.store,
    gateway: options.im.gateway,
    scenes: options.scenes,
    writeGuards: options.writeGuards,
    collectsPerAccount: options.collectsPerAccount,
    now: options.im.gateway.now,
  };
  options.im.gateway.use({
    ...commentHandlers(deps),
    ...collectHandlers(deps),
    ...pinHandlers(deps),
    ...stickTopHandlers(deps),
    ...threadHandlers(deps),
  });
  registerCommentSync(options.im.syncSources, deps);
  registerPinSync(options.im.syncSources, deps);
  registerStickTopSync(options.im.syncSources, deps);
}
