import { beforeEach, describe, expect, it } from 'vitest';
import { loadLizard } from './lizard.ts';

beforeEach(() => {
  localStorage.clear();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

/** The lizard element the page added (happy-dom loads no script files: it reports an error). */
function lizardScript(): HTMLScriptElement {
  const script = document.querySelector<HTMLScriptElement>('script[data-morsel="lizard"]');
  if (!script) throw new Error('no lizard script element');
  return script;
}

describe('the lizard script', () => {
  it('is loaded by URL from the static path, never as inline text, and keeps nothing in localStorage', async () => {
    localStorage.setItem(
      'morsel:lizard',
      JSON.stringify({ expires: Date.now() + 1e9, text: 'alert(1)' }),
    );
    await loadLizard().catch(() => {});
    const script = lizardScript();
    expect(new URL(script.src, location.href).pathname).toBe(
      '/activity/activity-static/lizard/index.js',
    );
    expect(script.textContent).toBe('');
    // What an older page stored is gone, and nothing new is stored.
    expect(localStorage.length).toBe(0);
  });

  it('adds the script once per page and reports a failed load', async () => {
    await expect(loadLizard()).rejects.toThrow(/could not be loaded/);
    await loadLizard();
    expect(document.querySelectorAll('script[data-morsel="lizard"]')).toHaveLength(1);
  });
});
