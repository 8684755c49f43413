// Which 客服 entry a page shows (docs/customer-service.md): a campaign page's header has its pill
// (the page kit's Hero); every other page gets the floating button (FloatingServiceEntry), but
// only once it has loaded, so a campaign page never flashes the button before its header comes.
// The pill and the loading skeletons say they are on screen here; the button reads it.
import { useLayoutEffect, useSyncExternalStore } from 'react';

type Kind = 'pill' | 'loading';

const mounted: Record<Kind, number> = { pill: 0, loading: 0 };
const listeners = new Set<() => void>();
let floating = true;

function update(): void {
  const next = mounted.pill === 0 && mounted.loading === 0;
  if (next === floating) return;
  floating = next;
  for (const listener of listeners) listener();
}

/** Says, while the calling component is on screen, that it is a header pill or a skeleton. */
export function useServiceEntryPresence(kind: Kind): void {
  // Before paint: the skeleton's way out and the header's way in land in the same commit.
  useLayoutEffect(() => {
    mounted[kind] += 1;
    update();
    return () => {
      mounted[kind] -= 1;
      update();
    };
  }, [kind]);
}

/** Whether the page wants the floating entry now (no header pill, nothing loading). */
export function useFloatingServiceEntry(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => floating,
  );
}
