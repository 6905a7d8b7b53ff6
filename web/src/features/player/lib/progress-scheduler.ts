/** When the player saves its position: every 10 s while playing, on pause, after a seek, on leaving. */

export const PROGRESS_SAVE_INTERVAL_MS = 10_000;
/** A save closer than this to the last saved position changes nothing worth a request. */
export const PROGRESS_MIN_CHANGE_SECONDS = 1;

export type SaveReason = 'interval' | 'pause' | 'seek' | 'leave';

export interface PlaybackSnapshot {
  position: number;
  duration: number | null;
}

export interface ProgressSchedulerOptions {
  /** The current position of the player. */
  read(): PlaybackSnapshot;
  /** Sends one save; `leave` must survive the page going away (keepalive). */
  save(snapshot: PlaybackSnapshot, reason: SaveReason): void;
  intervalMs?: number;
}

export interface ProgressScheduler {
  playing(): void;
  paused(): void;
  seeked(): void;
  /** The page is hidden, closed or navigated away from. */
  leaving(): void;
  /** Stops the timer; no further saves. */
  dispose(): void;
}

export function createProgressScheduler({ read, save, intervalMs = PROGRESS_SAVE_INTERVAL_MS }: ProgressSchedulerOptions): ProgressScheduler {
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastSaved: number | null = null;
  let disposed = false;

  const saveNow = (reason: SaveReason) => {
    if (disposed) return;
    const snapshot = read();
    if (!Number.isFinite(snapshot.position) || snapshot.position < 0) return;
    if (lastSaved !== null && Math.abs(snapshot.position - lastSaved) < PROGRESS_MIN_CHANGE_SECONDS) return;
    lastSaved = snapshot.position;
    save({ position: Math.floor(snapshot.position), duration: snapshot.duration }, reason);
  };

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    playing() {
      if (disposed || timer !== null) return;
      timer = setInterval(() => saveNow('interval'), intervalMs);
    },
    paused() {
      stopTimer();
      saveNow('pause');
    },
    seeked() {
      saveNow('seek');
    },
    leaving() {
      saveNow('leave');
    },
    dispose() {
      stopTimer();
      disposed = true;
    },
  };
}
