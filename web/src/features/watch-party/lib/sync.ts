import type { WatchPartyState } from '@portal/contracts';

/**
 * The pure arithmetic of keeping a member's player with the host's: where the host is now, what
 * to do about a difference, and the server clock as seen from this browser.
 */

/** Past this a member seeks straight to the host's position. */
export const SEEK_THRESHOLD_SECONDS = 0.5;
/** Under this a member is in sync; between the two the playback rate is nudged. */
export const IN_SYNC_SECONDS = 0.1;
export const NUDGE = 0.05;

/** The host's position (seconds) at `serverNow` (server ms): extrapolated while playing. */
export function expectedHostPosition(state: Pick<WatchPartyState, 'playing' | 'position' | 'positionAt' | 'rate'>, serverNow: number): number {
  if (!state.playing) return state.position;
  return state.position + (Math.max(0, serverNow - state.positionAt) / 1000) * state.rate;
}

export type DriftCorrection = { action: 'seek'; to: number } | { action: 'rate'; rate: number } | { action: 'none'; rate: number };

/**
 * What a member's player should do, given where it is and where the host is. A big gap is closed
 * by seeking; a small one by playing 5 % faster or slower until it is under 0.1 s (the rate stays
 * nudged until then, so it does not flap around the threshold); then the host's rate again.
 * `drift` > 0 means the member is ahead.
 */
export function correctDrift(current: number, expected: number, hostRate: number, playing: boolean, nudging: boolean): DriftCorrection {
  const drift = current - expected;
  const size = Math.abs(drift);
  if (size > SEEK_THRESHOLD_SECONDS) return { action: 'seek', to: expected };
  if (!playing) return size > IN_SYNC_SECONDS ? { action: 'seek', to: expected } : { action: 'none', rate: hostRate };
  if (size > IN_SYNC_SECONDS || (nudging && size > IN_SYNC_SECONDS / 2)) {
    return { action: 'rate', rate: hostRate * (drift > 0 ? 1 - NUDGE : 1 + NUDGE) };
  }
  return { action: 'none', rate: hostRate };
}

/** One ping/pong: client times from this browser's clock, server times from the server's (ms). */
export interface ClockSample {
  clientSentAt: number;
  serverReceivedAt: number;
  serverSentAt: number;
  clientReceivedAt: number;
}

export interface ClockEstimate {
  /** Add to this browser's clock to get the server's. */
  offset: number;
  /** Round trip without the server's own handling time. */
  rtt: number;
}

/** NTP's formulas for one sample. */
export function estimateOf(sample: ClockSample): ClockEstimate {
  const rtt = sample.clientReceivedAt - sample.clientSentAt - (sample.serverSentAt - sample.serverReceivedAt);
  const offset = (sample.serverReceivedAt - sample.clientSentAt + (sample.serverSentAt - sample.clientReceivedAt)) / 2;
  return { offset, rtt: Math.max(0, rtt) };
}

/**
 * The offset from the sample with the smallest round trip among the last `keep` (the one least
 * bent by queueing), or null before any sample.
 */
export function bestEstimate(samples: readonly ClockSample[], keep = 8): ClockEstimate | null {
  let best: ClockEstimate | null = null;
  for (const sample of samples.slice(-keep)) {
    const estimate = estimateOf(sample);
    if (!best || estimate.rtt < best.rtt) best = estimate;
  }
  return best;
}
