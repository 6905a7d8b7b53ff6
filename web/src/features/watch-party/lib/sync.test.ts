import { describe, expect, it } from 'vitest';
import { bestEstimate, correctDrift, estimateOf, expectedHostPosition } from './sync';

describe('watch-party sync', () => {
  it('extrapolates the host position while playing, at the host rate', () => {
    const state = { playing: true, position: 100, positionAt: 50_000, rate: 1 };
    expect(expectedHostPosition(state, 52_500)).toBe(102.5);
    expect(expectedHostPosition({ ...state, rate: 2 }, 51_000)).toBe(102);
    expect(expectedHostPosition({ ...state, playing: false }, 90_000)).toBe(100);
    // A server time before the report (a clock estimate still settling) never goes backwards.
    expect(expectedHostPosition(state, 49_000)).toBe(100);
  });

  it('seeks past half a second of drift, either way', () => {
    expect(correctDrift(10.6, 10, 1, true, false)).toEqual({ action: 'seek', to: 10 });
    expect(correctDrift(9.4, 10, 1, true, false)).toEqual({ action: 'seek', to: 10 });
  });

  it('nudges the rate between 0.1 and 0.5 s: slower when ahead, faster when behind', () => {
    expect(correctDrift(10.3, 10, 1, true, false)).toEqual({ action: 'rate', rate: 0.95 });
    expect(correctDrift(9.8, 10, 1, true, false)).toEqual({ action: 'rate', rate: 1.05 });
    expect(correctDrift(9.8, 10, 1.5, true, false)).toEqual({ action: 'rate', rate: 1.5 * 1.05 });
  });

  it('keeps nudging until within 0.05 s, then plays at the host rate', () => {
    expect(correctDrift(10.08, 10, 1, true, true)).toEqual({ action: 'rate', rate: 0.95 });
    expect(correctDrift(10.04, 10, 1, true, true)).toEqual({ action: 'none', rate: 1 });
    expect(correctDrift(10.08, 10, 1, true, false)).toEqual({ action: 'none', rate: 1 });
  });

  it('while paused, lines up exactly by seeking instead of nudging', () => {
    expect(correctDrift(10.3, 10, 1, false, false)).toEqual({ action: 'seek', to: 10 });
    expect(correctDrift(10.05, 10, 1, false, false)).toEqual({ action: 'none', rate: 1 });
  });

  it('estimates the clock offset and round trip of one ping', () => {
    // Server 1000 ms ahead, 40 ms each way, 2 ms in the server.
    expect(estimateOf({ clientSentAt: 0, serverReceivedAt: 1040, serverSentAt: 1042, clientReceivedAt: 82 })).toEqual({ offset: 1000, rtt: 80 });
  });

  it('trusts the sample with the smallest round trip', () => {
    const samples = [
      { clientSentAt: 0, serverReceivedAt: 1300, serverSentAt: 1300, clientReceivedAt: 400 }, // queued on the way out
      { clientSentAt: 1000, serverReceivedAt: 2010, serverSentAt: 2010, clientReceivedAt: 1020 },
      { clientSentAt: 2000, serverReceivedAt: 3010, serverSentAt: 3010, clientReceivedAt: 2200 },
    ];
    expect(bestEstimate(samples)).toEqual({ offset: 1000, rtt: 20 });
    expect(bestEstimate([])).toBeNull();
  });
});
