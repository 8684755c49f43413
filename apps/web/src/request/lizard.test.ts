import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLizard } from './lizard.ts';

let fetched: string[];
beforeEach(() => {
  fetched = [];
  localStorage.clear();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(`window.lizardRuns = (window.lizardRuns || 0) + 1;`, { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the lizard script', () => {
  it('is fetched as text from the static path, injected, and kept for 30 days', async () => {
    const now = Date.now();
    await loadLizard(now);
    expect(fetched).toEqual(['/activity/activity-static/lizard/index.js']);
    expect(document.querySelector('script[data-morsel="lizard"]')?.textContent).toContain('lizardRuns');
    const stored = JSON.parse(localStorage.getItem('morsel:lizard')!) as { expires: number };
    expect(stored.expires - now).toBe(30 * 24 * 3600 * 1000);

    document.head.querySelectorAll('script').forEach((s) => s.remove());
    await loadLizard(now + 29 * 24 * 3600 * 1000);
    expect(fetched).toHaveLength(1);
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    await loadLizard(now + 31 * 24 * 3600 * 1000);
    expect(fetched).toHaveLength(2);
  });
});
