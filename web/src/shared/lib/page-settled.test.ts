import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the visit's state: each test loads it afresh.
const load = async () => (await import('./page-settled')).usePageSettled;

describe('usePageSettled', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('settles once nothing in the page says it is loading', async () => {
    const usePageSettled = await load();
    document.body.innerHTML = '<div id="main-content"><div aria-busy="true"></div></div>';
    const { result } = renderHook(() => usePageSettled());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toBe(false);
    document.body.innerHTML = '<div id="main-content"></div>';
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(result.current).toBe(true);
  });

  it('stops looking when no component waits any more (nothing left running after a page or a test ends)', async () => {
    const usePageSettled = await load();
    document.body.innerHTML = '<div id="main-content"><div aria-busy="true"></div></div>';
    const { unmount } = renderHook(() => usePageSettled());
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
