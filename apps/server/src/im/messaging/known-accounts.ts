// Which account a one-to-one `to` names is asked on every send and read. Accounts are never
// deleted (they can be blocked, which the login checks), so a found account stays found and is
// kept in memory; a missing one is asked again, since it may be created a moment later. The
// answer is the id as stored (lower case), so `Alice` and `alice` are one conversation.

/** Entries kept before the map starts over (bounded memory; the store answers the rest). */
const MAX_KNOWN = 200_000;

export function knownAccounts(
  lookup: (appKey: string, accid: string) => Promise<string | undefined>,
  max = MAX_KNOWN,
): (appKey: string, accid: string) => Promise<string | undefined> {
  const known = new Map<string, string>();
  return async (appKey, accid) => {
    const key = `${appKey}\u0000${accid.toLowerCase()}`;
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const stored = await lookup(appKey, accid);
    if (stored !== undefined) {
      if (known.size >= max) known.clear();
      known.set(key, stored);
    }
    return stored;
  };
}
