// The channel a shopper arrived through (the channel page's `channel`, or a share link's), kept
// for the tab so the packet they open or help is attributed to it (docs/campaigns.md).
const KEY = 'morsel.fissionChannel';
const VALID = /^[A-Za-z0-9_-]{1,64}$/;

export function rememberChannel(channel: string | null): void {
  if (!channel || !VALID.test(channel)) return;
  try {
    sessionStorage.setItem(KEY, channel);
  } catch {
    // Storage refused: the packet is attributed to "direct".
  }
}

/** The link's channel first, else the remembered one; undefined for none. */
export function currentChannel(fromLink: string | null): string | undefined {
  if (fromLink && VALID.test(fromLink)) return fromLink;
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
