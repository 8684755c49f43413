// Whether a local database is used here. Document 2 (section 9) disables it on IE, Edge and
// Safari; we read Edge as the legacy EdgeHTML browser ("Edge/"), since today's Chromium-based
// Edge ("Edg/") has the same IndexedDB as Chrome. Safari means Apple's browser itself: browsers
// that only embed WebKit on iOS (Chrome's CriOS, Firefox's FxiOS, in-app web views such as
// WeChat's, which carry no "Safari/" token) keep their database.
export interface DbEnvironment {
  /** The `db` option (default true in browsers, false in Node). */
  enabled: boolean;
  userAgent?: string | undefined;
  hasIndexedDB: boolean;
}

/** The browser family whose database document 2 disables, if this user agent is one. */
export function dbDisabledBrowser(
  userAgent: string | undefined,
): 'IE' | 'Edge' | 'Safari' | undefined {
  if (!userAgent) return undefined;
  if (/MSIE |Trident\//.test(userAgent)) return 'IE';
  if (/\bEdge\/\d/.test(userAgent)) return 'Edge';
  const safariToken = /\bSafari\//.test(userAgent) && /\bVersion\/\d/.test(userAgent);
  const otherBrowser =
    /\b(Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA|OPR|OPiOS|Android|SamsungBrowser)\b/.test(
      userAgent,
    );
  if (safariToken && !otherBrowser) return 'Safari';
  return undefined;
}

/** Undefined when IndexedDB is to be used; otherwise why not. */
export function noDbReason(env: DbEnvironment): string | undefined {
  if (!env.enabled) return 'the db option is off';
  const browser = dbDisabledBrowser(env.userAgent);
  if (browser) return `the local database is disabled on ${browser}`;
  if (!env.hasIndexedDB) return 'IndexedDB is not available';
  return undefined;
}
