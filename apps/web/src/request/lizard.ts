// The lizard script (spec section 7), loaded from the static site as an ordinary script element.
// It used to be fetched as text, kept in localStorage for 30 days and injected inline: one XSS
// could then plant code that ran on every visit for a month, and inline injection needs a CSP
// with 'unsafe-inline' (review L8). The browser's HTTP cache keeps it instead (the server sends
// max-age of 30 days), and the page's CSP allows it by origin.
import { HOSTS, STATIC_PATHS } from '../config/product.ts';

/** What older versions of this page left behind: executable text, removed on sight. */
const LEGACY_STORAGE_KEY = 'morsel:lizard';

function forgetStoredCode(): void {
  try {
    localStorage.removeItem(LEGACY_STORAGE_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** Loads the script once per page; resolves when it ran. */
export function loadLizard(): Promise<void> {
  forgetStoredCode();
  if (document.querySelector('script[data-morsel="lizard"]')) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.dataset.morsel = 'lizard';
    script.src = `${HOSTS.static}${STATIC_PATHS.lizard}`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('lizard script could not be loaded'));
    document.head.appendChild(script);
  });
}
