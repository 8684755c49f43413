// Whether a recipient account exists is asked on every one-to-one send. Accounts are never
// deleted (they can be blocked, which the login checks), so a "yes" stays true and is kept in
// memory; a "no" is asked again, since the account may be created a moment later.

/** Entries kept before the set starts over (bounded memory; the store answers the rest). */
const MAX_KNOWN = 200_000;

export function knownAccounts(
  lookup: (appKey: string, accid: string) => Promise<boolean>,
  max = MAX_KNOWN,
): (appKey: string, accid: string) => Promise<boolean> {
  const known = new Set<string>();
  return async (appKey, accid) => {
    const key = `${appKey}\u0000${accid.toLowerCase()}`;
    if (known.has(key)) return true;
    const exists = await lookup(appKey, accid);
    if (exists) {
      if (known.size >= max) known.clear();
      known.add(key);
    }
    return exists;
  };
}
