// A shopper's browser through the development WeChat provider's authorisation (the oauth pages'
// round trip), for suites whose actions need the shopper's WeChat (fission, rain).
import type { ProductTestServer } from '../product/helpers.ts';

/** Binds a fresh development WeChat identity to the shopper `ut`; answers the page it ends on. */
export async function bindDevelopmentWechat(
  s: ProductTestServer,
  ut: string,
  returnTo: string,
): Promise<string> {
  const cookies = new Map<string, string>([['ut', ut]]);
  const get = async (url: string) => {
    const response = await fetch(new URL(url, s.url), {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (pair!.slice(at + 1)) cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { location: response.headers.get('location') ?? '', text: await response.text() };
  };
  const start = await get(
    `/api/wechat/oauth/authorize?returnTo=${encodeURIComponent(returnTo)}&scope=snsapi_base`,
  );
  const page = await get(start.location);
  const allow = /<a class="button allow" href="([^"]+)"/.exec(page.text);
  if (!allow) throw new Error(`no allow button on the development WeChat page: ${page.text}`);
  const callback = await get(allow[1]!.replaceAll('&#38;', '&'));
  const back = await get(callback.location);
  const final = new URL(back.location || callback.location, s.url);
  return `${final.pathname}${final.search}`;
}
