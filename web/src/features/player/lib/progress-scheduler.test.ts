import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressScheduler, PROGRESS_SAVE_INTERVAL_MS, type PlaybackSnapshot, type SaveReason } from './progress-scheduler';

let position = 0;
let saves: Array<[number, SaveReason]> = [];
const make = () =>
  createProgressScheduler({
    read: (): PlaybackSnapshot => ({ position, duration: 1420 }),
    save: (snapshot, reason) => saves.push([snapshot.position, reason]),
  });

beforeEach(() => {
  vi.useFakeTimers();
  position = 0;
  saves = [];
});
afterEach(() => vi.useRealTimers());

describe('progress saving', () => {
  it('saves every 10 seconds while playing', () => {
    const scheduler = make();
    scheduler.playing();
    position = 10.4;
    vi.advanceTimersByTime(PROGRESS_SAVE_INTERVAL_MS);
    position = 20.7;
    vi.advanceTimersByTime(PROGRESS_SAVE_INTERVAL_MS);
    expect(saves).toEqual([
      [10, 'interval'],
      [20, 'interval'],
    ]);
  });

  it('saves on pause and stops the timer until playing again', () => {
    const scheduler = make();
    scheduler.playing();
    position = 42;
    scheduler.paused();
    position = 50;
    vi.advanceTimersByTime(PROGRESS_SAVE_INTERVAL_MS * 3);
    expect(saves).toEqual([[42, 'pause']]);
  });

  it('does not start a second timer when "playing" repeats (buffering)', () => {
    const scheduler = make();
    scheduler.playing();
    scheduler.playing();
    position = 15;
    vi.advanceTimersByTime(PROGRESS_SAVE_INTERVAL_MS);
    expect(saves).toEqual([[15, 'interval']]);
  });

  it('saves after a seek, even while paused', () => {
    const scheduler = make();
    position = 300;
    scheduler.seeked();
    expect(saves).toEqual([[300, 'seek']]);
  });

  it('saves when the page is left, marked for keepalive', () => {
    const scheduler = make();
    position = 754.9;
    scheduler.leaving();
    expect(saves).toEqual([[754, 'leave']]);
  });

  it('skips a save that would not move the saved position', () => {
    const scheduler = make();
    position = 100;
    scheduler.paused();
    position = 100.4;
    scheduler.leaving();
    scheduler.seeked();
    expect(saves).toEqual([[100, 'pause']]);
  });

  it('saves nothing after dispose', () => {
    const scheduler = make();
    scheduler.playing();
    scheduler.dispose();
    position = 30;
    vi.advanceTimersByTime(PROGRESS_SAVE_INTERVAL_MS);
    scheduler.leaving();
    expect(saves).toEqual([]);
  });
});
