// Safe short URLs (document 2: "get original url from safe url (safeUrl)"; "a safe short URL must
// start with http and contain im_url=1"). A file's original URL can be handed out as a safe short
// URL that says nothing of where the file is stored; getOriginUrl (6:22) gives a logged-in client
// of the same app the original URL behind it. The server answers only for the safe URLs it
// issued (`SafeUrls.mint`); uploads are not built yet, so nothing mints them on its own: the files
// feature will call `mint` for what it stores (docs/im-messaging.md, "Safe URLs").
import { randomBytes } from 'node:crypto';
import { isSafeShortUrl, SAFE_URL_RULE } from '@morsel/protocol';
import type { Kysely } from 'kysely';
import type { Database, Store } from '../../store/index.ts';
import { type ImGateway, CommandError } from '../gateway/index.ts';
import { insertSafeUrl, originUrlOf } from './safe-url-store.ts';

export class SafeUrls {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /**
   * Issues a safe short URL for `originUrl` under `baseUrl` (an http or https address that
   * serves the app's files): `<baseUrl>/<random code>?im_url=1`.
   */
  async mint(options: { appKey: string; originUrl: string; baseUrl: string }): Promise<string> {
    if (!/^https?:\/\//.test(options.baseUrl))
      throw new Error('a safe url base must be an http or https address');
    if (!options.originUrl) throw new Error('an original url is required');
    const safeUrl = `${options.baseUrl.replace(/\/+$/, '')}/${randomBytes(16).toString('base64url')}?im_url=1`;
    const record = { appKey: options.appKey, safeUrl, originUrl: options.originUrl };
    await insertSafeUrl(this.db, record, this.now());
    return safeUrl;
  }

  /** The original URL behind a safe URL this app was issued, or undefined. */
  async resolve(appKey: string, safeUrl: string): Promise<string | undefined> {
    return originUrlOf(this.db, appKey, safeUrl);
  }
}

export function registerSafeUrls({ store, im }: { store: Store; im: ImGateway }): SafeUrls {
  const safeUrls = new SafeUrls(store.db, im.gateway.now);
  im.gateway.use({
    async getOriginUrl({ session }, { safeUrl }) {
      if (!isSafeShortUrl(safeUrl)) throw new CommandError(414, SAFE_URL_RULE);
      const url = await safeUrls.resolve(session.appKey, safeUrl);
      if (url === undefined)
        throw new CommandError(404, 'no original url is known for this safe url');
      return { url };
    },
  });
  return safeUrls;
}
