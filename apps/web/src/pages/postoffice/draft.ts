// The card being made, carried between the pages in this tab's session storage: a reload, or a
// login in the middle, keeps the template, the cover, the uploaded recording and the lines typed
// so far. Nothing here is trusted: the server checks every part again when the card is saved.
import type { UploadedVoice } from './api.ts';

export interface PostcardDraft {
  template?: string;
  cover?: string;
  voice?: UploadedVoice;
  to?: string;
  from?: string;
  text?: string;
}

const KEY = 'morsel.postoffice.draft';

export function readDraft(): PostcardDraft {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as PostcardDraft) : {};
  } catch {
    return {};
  }
}

/** Merges `change` into the draft and answers the result. */
export function updateDraft(change: Partial<PostcardDraft>): PostcardDraft {
  const next = { ...readDraft(), ...change };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the page still works until it is left.
  }
  return next;
}

/** A new card starts from a template: what was chosen for another one is dropped. */
export function startDraft(template: string): PostcardDraft {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
  return updateDraft({ template });
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
