// The voice post office (docs/postoffice.md, CONTEXT.md): templates and covers from the
// `postoffice` campaign's settings, recordings checked and kept as MP3 in the IM file storage,
// cards with unguessable links. One encapsulated API scope (src/api) with the product API's
// sessions; every route from the @morsel/api table. Registered after the file storage; prunes
// the recordings no card plays once a day has passed (pruning.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';
import { campaignContext } from '../campaigns/index.ts';
import type { FileService } from '../im/files/index.ts';
import type { ProductContext } from '../product/index.ts';
import { prepareApiScope } from '../api/index.ts';
import { registerPostofficeRoutes } from './routes.ts';
import { registerVoiceRoute } from './voice-route.ts';
import { PRUNE_VOICES_EVERY_MS, scheduleVoicePruning } from './pruning.ts';

export { pruneUnusedVoices, UNUSED_VOICE_KEPT_MS, VOICE_USABLE_MS } from './pruning.ts';

export interface PostofficeDeps {
  config: Config;
  product: ProductContext;
  files: FileService;
}

export async function registerPostoffice(
  http: FastifyInstance,
  deps: PostofficeDeps,
): Promise<void> {
  const ctx = campaignContext(deps.product, deps.config);
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerPostofficeRoutes(scope, ctx, deps.files);
    // Multipart only where a recording is uploaded.
    await scope.register(async (voices) => registerVoiceRoute(voices, ctx, deps.files));
  });
  const { db, clock, log } = deps.product;
  const stop = scheduleVoicePruning(
    { db, files: deps.files, now: () => clock.now() },
    log,
    PRUNE_VOICES_EVERY_MS,
  );
  http.addHook('onClose', async () => stop());
}
