// Whether the shopper is typing: a text field has the focus (the phone's keyboard is up). Floating
// controls step aside meanwhile (the 客服 button covered a form's right edge, where a text area
// keeps its character count, on a 320 px screen).
import { useSyncExternalStore } from 'react';

const NOT_TYPED_INTO = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** A field the keyboard types into: a text area, a text-like input, or editable content. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement)
    return !element.readOnly && !NOT_TYPED_INTO.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

function subscribe(listener: () => void): () => void {
  // focusout comes before the next field's focusin, with activeElement still the old one or
  // the body: both events re-read it, so moving between two fields never reads as not typing
  // for longer than one event.
  document.addEventListener('focusin', listener);
  document.addEventListener('focusout', listener);
  return () => {
    document.removeEventListener('focusin', listener);
    document.removeEventListener('focusout', listener);
  };
}

/** True while a text field has the focus. */
export function useTextEntryFocused(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isTextEntry(document.activeElement),
    () => false,
  );
}
