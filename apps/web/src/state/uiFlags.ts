// Shared UI state (spec section 3): the headerMenu, shareMenu and imageValidate on/off flags,
// readable from any component through useUiFlag and settable from plain modules.
import { useSyncExternalStore } from 'react';

export interface UiFlags {
  /** The page's header menu is open. */
  headerMenu: boolean;
  /** The share panel (or, in WeChat, the "tap the top-right corner" guide) is shown. */
  shareMenu: boolean;
  /** An image captcha must be passed before the next SMS. */
  imageValidate: boolean;
}

let flags: UiFlags = { headerMenu: false, shareMenu: false, imageValidate: false };
const listeners = new Set<() => void>();

export function getUiFlags(): UiFlags {
  return flags;
}

export function setUiFlag<K extends keyof UiFlags>(name: K, value: UiFlags[K]): void {
  if (flags[name] === value) return;
  flags = { ...flags, [name]: value };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiFlag<K extends keyof UiFlags>(name: K): UiFlags[K] {
  return useSyncExternalStore(subscribe, () => flags[name]);
}
