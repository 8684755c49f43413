import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberAction, takeAction } from './pendingAction.ts';

describe('pending action across login', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
    history.replaceState(null, '', '/');
  });

  it('hands the tapped action and its payload back once, on the same page', () => {
    history.replaceState(null, '', '/activity/password/index');
    rememberAction('password.redeem', '零食节快乐');
    expect(takeAction('sign.today')).toBeNull();
    expect(takeAction('password.redeem')).toEqual({ payload: '零食节快乐' });
    expect(takeAction('password.redeem')).toBeNull();
  });

  it('drops an action of another page', () => {
    history.replaceState(null, '', '/activity/raffle/index');
    rememberAction('raffle.draw');
    history.replaceState(null, '', '/activity/sign/index');
    expect(takeAction('raffle.draw')).toBeNull();
    history.replaceState(null, '', '/activity/raffle/index');
    expect(takeAction('raffle.draw')).toBeNull();
  });

  it('drops a stale action', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    history.replaceState(null, '', '/activity/sign/index');
    rememberAction('sign.today');
    vi.setSystemTime(1_000_000 + 11 * 60_000);
    expect(takeAction('sign.today')).toBeNull();
  });
});
