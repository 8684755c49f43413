// The lizard script (spec section 7): fetched as text from the static site, kept in localStorage
// for 30 days, then injected as an inline script.
import { HOSTS, LIMITS, STATIC_PATHS } from '../config/product.ts';

const STORAGE_KEY = 'morsel:lizard';

interface Stored {
  expires: number;
  text: string;
}

function readStored(now: number): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    if (stored && stored.expires > now && typeof stored.text === 'string') return stored.text;
  } catch {
    // fall through to a fresh fetch
  }
  return null;
}

async function fetchScript(): Promise<string> {
  const response = await fetch(`${HOSTS.static}${STATIC_PATHS.lizard}`, { credentials: 'omit' });
  if (!response.ok) throw new Error(`lizard script answered ${response.status}`);
  return response.text();
}

function inject(text: string): void {
  const script = document.createElement('script');
  script.dataset.morsel = 'lizard';
  script.textContent = text;
  document.head.appendChild(script);
}

/** Loads and injects the script once per page; resolves when it ran. */
export async function loadLizard(now = Date.now()): Promise<void> {
  if (document.querySelector('script[data-morsel="lizard"]')) return;
  let text = readStored(now);
  if (text === null) {
    text = await fetchScript();
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ expires: now + LIMITS.lizardCacheMs, text } satisfies Stored));
    } catch {
      // Not kept (storage full or disabled): injected all the same.
    }
  }
  inject(text);
}
