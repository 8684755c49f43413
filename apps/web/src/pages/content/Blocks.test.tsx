// Content blocks are written as text: whatever an operator typed never becomes markup, links go
// to the site's own paths inside the app and open https addresses in a new tab, and an
// encyclopedia entry's text is in the page only while it is open.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentBlock, type Block } from './Blocks.tsx';

let mounted: { root: Root; host: HTMLElement }[] = [];

function render(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<MemoryRouter>{node}</MemoryRouter>));
  mounted.push({ root, host });
  return host;
}

afterEach(() => {
  for (const { root, host } of mounted) {
    act(() => root.unmount());
    host.remove();
  }
  mounted = [];
});

const draw = (block: Block) => render(<ContentBlock block={block} coupons={null} />);

describe('content blocks', () => {
  it('write markup an operator typed as text', () => {
    const host = draw({ type: 'paragraph', text: '<img src=x onerror=alert(1)><b>粗体</b>' });
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('b')).toBeNull();
    expect(host.textContent).toBe('<img src=x onerror=alert(1)><b>粗体</b>');
  });

  it('keep site links in the app and open https links in a new tab', () => {
    const inside = draw({ type: 'link', text: '去领券', href: '/activity/coupon/core' });
    expect(inside.querySelector('a')?.getAttribute('href')).toBe('/activity/coupon/core');
    expect(inside.querySelector('a')?.getAttribute('target')).toBeNull();
    const outside = draw({ type: 'link', text: '银行官网', href: 'https://www.nbcb.com.cn/' });
    const a = outside.querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('show an entry’s text only while it is open', () => {
    const host = draw({
      type: 'entries',
      title: '常见零食',
      items: [
        {
          title: '芒果干',
          image: '/api/campaign/assets/mango.png',
          tags: ['果干'],
          body: '低温烘干',
        },
      ],
    });
    const head = host.querySelector('button')!;
    expect(head.getAttribute('aria-expanded')).toBe('false');
    expect(host.textContent).not.toContain('低温烘干');
    act(() => head.click());
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(host.textContent).toContain('低温烘干');
  });
});
