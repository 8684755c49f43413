// Push settings: device push tokens and the account's do-not-disturb window, with its sync
// category (`donnop`) so every device of the account shows the same settings.
import type { Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import { pushSettingsHandlers, toDonnop } from './handlers.ts';
import { donnopChangedQuery, donnopChangedSince } from './donnop-store.ts';

export function registerPushSettings({ store, im }: { store: Store; im: ImGateway }): void {
  im.gateway.use(pushSettingsHandlers({ db: store.db, gateway: im.gateway, now: im.gateway.now }));
  im.syncSources.register(
    'donnop',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const row = await donnopChangedSince(store.db, appKey, accid, since);
      if (row) context.connection.push('syncDonnop', { donnop: toDonnop(row) });
    },
    (p) => donnopChangedQuery(store.db, p.appKey, p.accid, p.since),
    { emptyReturns: 'clock' },
  );
}
