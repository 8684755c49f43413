// Page audits the accessibility e2e test runs on every route: axe-core's rules (serious and
// critical findings fail), tap targets of at least 44 px, and the 320 px layout (nothing wider
// than the screen, no button label broken over two lines).
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { addAppScript } from './scripts.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = (require('axe-core') as { source: string }).source;

export interface Finding {
  rule: string;
  detail: string;
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeFindings(page: Page, origin: string): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // The app's CSP refuses inline script: axe is served as a script file of the app's origin.
  if (!loaded) await addAppScript(page, origin, 'axe', AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe;
    return axe.run({ resultTypes: ['violations'] });
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => ({
        rule: `axe ${v.id} (${v.impact})`,
        detail: `${node.target.join(' ')}: ${v.help}. ${node.failureSummary ?? ''}`.trim(),
      })),
    );
}

/**
 * Buttons, links and form controls a thumb must hit, smaller than 44 × 44 px. Links inside a
 * sentence are exempt (WCAG 2.5.5's inline exception), as are elements that are not shown.
 */
export async function smallTapTargets(page: Page): Promise<Finding[]> {
  return page.evaluate((min) => {
    const found: { rule: string; detail: string }[] = [];
    const selector =
      'button, a[href], [role="button"], [role="link"], [role="tab"], [role="checkbox"], input:not([type="hidden"]), select, textarea, [role="gridcell"][tabindex]';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
      // A checkbox or radio input is usually hidden behind its label: measure the label.
      const label = el instanceof HTMLInputElement ? el.closest('label') : null;
      // A stretched card link (data-card-link) takes taps on its whole card: measure the card.
      const card = el.hasAttribute('data-card-link') ? el.closest('article') : null;
      const box = (label ?? card)?.getBoundingClientRect() ?? rect;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      if (el.tagName === 'A' && style.display === 'inline' && el.parentElement) {
        const text = el.parentElement.textContent ?? '';
        if (text.trim().length > (el.textContent ?? '').trim().length) continue;
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      found.push({
        rule: 'tap target < 44 px',
        detail: `<${el.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      });
    }
    return found;
  }, 44);
}

/**
 * What breaks the layout at the current width: an element reaching past the screen's edge that no
 * ancestor clips or scrolls, text covered by another element, and a button whose label wraps onto
 * a second line. Only what is inside the viewport is checked for covering: the caller makes the
 * viewport as tall as the page.
 */
export async function layoutFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const found: { rule: string; detail: string }[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el.textContent ?? '').trim().slice(0, 24);
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow !== 'visible') return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width + 1)
      found.push({
        rule: 'horizontal scroll',
        detail: `page is ${document.documentElement.scrollWidth} px wide at ${width} px`,
      });
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (clipped(el)) continue;
      found.push({
        rule: 'overflows the screen',
        detail: `${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} at ${width} px`,
      });
    }
    // Text covered by something else (one card sliding under another): the topmost element at the
    // middle of each line of text must be the text's own element, or inside or around it. With a
    // dialog or sheet open, only its own text counts (the page behind is covered on purpose).
    const modal = document.querySelector('[aria-modal="true"], [role="dialog"]');
    const scope = modal ?? document.body;
    const texts = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const owner = node.parentElement;
      if (!owner || !(node.textContent ?? '').trim()) continue;
      if (owner.closest('[aria-hidden="true"], .sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        if (line.width < 2 || line.height < 2) continue;
        const x = line.left + line.width / 2;
        const y = line.top + line.height / 2;
        if (x < 0 || y < 0 || x > width || y > window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === owner || hit.contains(owner) || owner.contains(hit)) continue;
        // A stretched card link lies over its own card's text on purpose (the card is the link).
        if (hit.hasAttribute('data-card-link') && hit.closest('article')?.contains(owner)) continue;
        found.push({
          rule: 'text covered',
          detail: `"${(node.textContent ?? '').trim().slice(0, 20)}" under ${describe(hit)}`,
        });
        break;
      }
    }
    const buttons = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], a.adm-button, [role="tab"]',
    );
    for (const button of Array.from(buttons)) {
      if (button.getBoundingClientRect().width === 0) continue;
      // Each text node of the label on its own: a label made of two stacked lines on purpose
      // (two blocks) is fine, one text run broken over two lines is not.
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        if (!text || text.length > 16) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (tops.size > 1)
          found.push({ rule: 'button label wraps', detail: `${describe(button)}: "${text}"` });
      }
    }
    return found;
  });
}
