// The code page's watch: it asks with backoff while the page is visible, stops while hidden,
// asks at once when shown again, and hands over the coupon once the till redeemed it.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../request/api.ts', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const { FIRST_DELAY_MS, MAX_DELAY_MS, nextDelay, useRedemptionWatch } =
  await import('./useRedemptionWatch.ts');

const unused = { code: 0, message: '', data: { id: 7, status: 'unused' } };
const used = { code: 0, message: '', data: { id: 7, status: 'used', usedChannel: 'store' } };

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function Watch({ onChanged }: { onChanged: (c: unknown) => void }) {
  useRedemptionWatch('7', true, onChanged);
  return null;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useRedemptionWatch', () => {
  let unmount: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    call.mockReset();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    act(() => unmount?.());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function mount(onChanged: (c: unknown) => void) {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Watch onChanged={onChanged} />));
    unmount = () => root.unmount();
  }

  it('backs off from 2 s to at most 15 s', () => {
    expect(nextDelay(FIRST_DELAY_MS)).toBe(3000);
    let delay = FIRST_DELAY_MS;
    for (let i = 0; i < 20; i++) delay = nextDelay(delay);
    expect(delay).toBe(MAX_DELAY_MS);
  });

  it('asks with backoff and hands over the redeemed coupon', async () => {
    call.mockResolvedValue(unused);
    const onChanged = vi.fn();
    mount(onChanged);
    await advance(FIRST_DELAY_MS - 1);
    expect(call).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('coupon.mineDetail', { id: '7' });
    await advance(2999);
    expect(call).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(call).toHaveBeenCalledTimes(2);
    call.mockResolvedValue(used);
    await advance(4500);
    expect(call).toHaveBeenCalledTimes(3);
    expect(onChanged).toHaveBeenCalledWith(used.data);
    await advance(60_000);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while the page is hidden and asks at once when it is shown', async () => {
    call.mockResolvedValue(unused);
    mount(vi.fn());
    setVisibility('hidden');
    await advance(120_000);
    expect(call).toHaveBeenCalledTimes(0);
    setVisibility('visible');
    await advance(0);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('keeps asking after a failed read', async () => {
    call.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(unused);
    mount(vi.fn());
    await advance(FIRST_DELAY_MS);
    await advance(3000);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
