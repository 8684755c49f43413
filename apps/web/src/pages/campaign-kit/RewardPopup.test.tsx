import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextStep, RewardPopup, type Reward } from './RewardPopup.tsx';

const coupon: Reward = {
  name: '满59减10元券',
  kind: 'coupon',
  value: '¥10 满59可用',
  expiresAt: new Date(2026, 11, 25).getTime(),
  coupon: { id: 7, channels: ['online'] },
};
const goods: Reward = { name: '每日坚果礼盒', kind: 'goods' };

function render(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<MemoryRouter>{node}</MemoryRouter>));
  return () => act(() => root.unmount());
}

describe('reward popup', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('picks the next step from the prize', () => {
    expect(nextStep(coupon, false)).toBe('use');
    expect(nextStep(goods, true)).toBe('address');
    expect(nextStep(goods, false)).toBe('continue');
    expect(nextStep({ name: '10积分', kind: 'points' }, true)).toBe('continue');
  });

  it('shows a coupon with its value, expiry and where to use it', () => {
    const done = render(<RewardPopup reward={coupon} onClose={() => undefined} />);
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('恭喜获得');
    expect(dialog.textContent).toContain('¥10 满59可用');
    expect(dialog.textContent).toContain('有效期至 2026.12.25');
    const use = [...dialog.querySelectorAll('a')].find((a) => a.textContent === '去使用')!;
    expect(use.getAttribute('href')).toBe('/activity/coupon/cloudUse?id=7');
    expect(document.activeElement).toBe(dialog);
    done();
  });

  it('opens the address form for goods and closes on Escape', () => {
    const onClose = vi.fn();
    const onAddress = vi.fn();
    const done = render(<RewardPopup reward={goods} onClose={onClose} onAddress={onAddress} />);
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === '去填写地址',
    )!;
    act(() => button.click());
    expect(onAddress).toHaveBeenCalledOnce();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(onClose).toHaveBeenCalledTimes(2);
    done();
  });
});
