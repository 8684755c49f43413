// The CMS pages' city: the URL's `city` when a link carries one, else the one the shopper chose
// last (kept on this device), else the server's default (no city sent).
const KEY = 'morsel.cmsCity';
const CITY = /^\d{6}$/;

export function storedCity(): string | null {
  try {
    const city = localStorage.getItem(KEY);
    return city && CITY.test(city) ? city : null;
  } catch {
    return null; // storage refused (private mode): the default city
  }
}

export function rememberCity(code: string): void {
  try {
    if (CITY.test(code)) localStorage.setItem(KEY, code);
  } catch {
    // Not kept: the choice still travels in the URL.
  }
}

/** The city a page asks for: the URL's if well-formed, else the remembered one. */
export function cityFor(fromUrl: string | null): string | undefined {
  if (fromUrl && CITY.test(fromUrl)) return fromUrl;
  return storedCity() ?? undefined;
}
