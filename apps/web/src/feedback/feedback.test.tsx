import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { Toast } from '../ui/index.ts';
import { SendFailedNotice } from './SendFailedNotice.tsx';
import { toast } from './toast.ts';
import { createClickGuard, useDoubleClickGuard } from './useDoubleClickGuard.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('double-click guard', () => {
  it('accepts one tap per 500 ms', () => {
    let now = 1000;
    const accept = createClickGuard(500, () => now);
    expect(accept()).toBe(true);
    now = 1499;
    expect(accept()).toBe(false);
    now = 1500;
    expect(accept()).toBe(true);
  });

  it('guards a button handler', () => {
    const handler = vi.fn();
    function Pay() {
      const onClick = useDoubleClickGuard(handler);
      return <button onClick={onClick}>支付</button>;
    }
    render(<Pay />);
    fireEvent.click(screen.getByText('支付'));
    fireEvent.click(screen.getByText('支付'));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('send failed notice', () => {
  it('shows the message and retries', () => {
    const retry = vi.fn();
    render(<SendFailedNotice onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('发送失败，请检查网络后重试');
    fireEvent.click(screen.getByText('重试'));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('toast', () => {
  it('shows the web toast for 2000 ms by default outside the app', () => {
    Object.defineProperty(navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone) Mobile/15E148',
      configurable: true,
    });
    resetEnvironment();
    const show = vi.spyOn(Toast, 'show').mockImplementation(() => undefined);
    toast('已复制');
    expect(show).toHaveBeenCalledWith({ content: '已复制', duration: 2000 });
    toast('稍等', 800);
    expect(show).toHaveBeenLastCalledWith({ content: '稍等', duration: 800 });
  });
});
