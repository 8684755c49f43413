// The SMS resend countdown of /my/login (spec section 9: 60 s): right after a code went out the
// button reads 60s后重发 and is disabled, it counts down once a second, refuses taps until the
// end and then offers 获取验证码 again, which sends a new code.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../config/product.ts';
import { setUiFlag } from '../../state/uiFlags.ts';
import { loginApi } from './api.ts';
import LoginPage from './LoginPage.tsx';

vi.mock('../../feedback/toast.ts', () => ({ toast: vi.fn() }));

const MOBILE = '13800138000';

function sendButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: /获取验证码|后重发|发送中/ });
}

/** Lets the click's awaited calls settle (their promises are already resolved). */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

/** The login page at /my/login with the mobile number typed in. */
function renderWithMobile(): void {
  render(
    <MemoryRouter initialEntries={['/my/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: '手机号' }), { target: { value: MOBILE } });
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('login page: SMS resend countdown', () => {
  let init: ReturnType<typeof vi.spyOn>;
  let sendSms: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    init = vi
      .spyOn(loginApi, 'init')
      .mockResolvedValue({ code: 0, message: '', data: { needImgCaptcha: false } } as never);
    sendSms = vi
      .spyOn(loginApi, 'sendSms')
      .mockResolvedValue({ code: 0, message: '', data: null } as never);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    setUiFlag('imageValidate', false);
  });

  it('starts at 60 s after a code went out, stays disabled until the end, then offers the resend again', async () => {
    expect(LIMITS.smsResendSeconds).toBe(60);
    renderWithMobile();
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);

    fireEvent.click(sendButton());
    await settle();
    expect(init).toHaveBeenCalledTimes(1);
    expect(sendSms).toHaveBeenCalledTimes(1);
    expect(sendSms.mock.calls[0]?.[0]).toBe(MOBILE);
    expect(sendButton().textContent).toBe('60s后重发');
    expect(sendButton().disabled).toBe(true);

    await advance(1000);
    expect(sendButton().textContent).toBe('59s后重发');
    await advance(58_000);
    expect(sendButton().textContent).toBe('1s后重发');
    expect(sendButton().disabled).toBe(true);
    // A tap on the disabled button sends nothing.
    fireEvent.click(sendButton());
    await settle();
    expect(sendSms).toHaveBeenCalledTimes(1);

    await advance(1000);
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
    // And it stays there: the countdown does not wrap below zero.
    await advance(5000);
    expect(sendButton().textContent).toBe('获取验证码');

    fireEvent.click(sendButton());
    await settle();
    expect(sendSms).toHaveBeenCalledTimes(2);
    expect(sendButton().textContent).toBe('60s后重发');
    expect(sendButton().disabled).toBe(true);
  });

  it('counts from the deadline: time spent with timers paused (a backgrounded page) is not added', async () => {
    renderWithMobile();
    fireEvent.click(sendButton());
    await settle();
    expect(sendButton().textContent).toBe('60s后重发');
    // The clock moves 45 s while no timer runs, as when a phone suspends the page.
    vi.setSystemTime(Date.now() + 45_000);
    await advance(250);
    expect(sendButton().textContent).toBe('15s后重发');
    expect(sendButton().disabled).toBe(true);
    vi.setSystemTime(Date.now() + 20_000);
    await advance(250);
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
  });

  it('does not start the countdown when the SMS call is refused', async () => {
    sendSms.mockResolvedValue({ code: 20010, message: '发送过于频繁', data: null } as never);
    renderWithMobile();
    fireEvent.click(sendButton());
    await settle();
    expect(sendSms).toHaveBeenCalledTimes(1);
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
  });
});
