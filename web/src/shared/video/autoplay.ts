/**
 * Whether this page may start a video with sound by itself. Asked of a detached, empty <video>: a
 * browser that requires a user's gesture first (Chrome and Safari on a phone, on a visit that began
 * without a tap on the page) refuses its play() at once with NotAllowedError; where it is allowed, the
 * play() waits for a source that never comes, and the probe is dropped.
 */
export function autoplayAllowed(): Promise<boolean> {
  const probe = document.createElement('video');
  let attempt: Promise<void> | undefined;
  try {
    attempt = probe.play();
  } catch {
    return Promise.resolve(true);
  }
  if (!attempt) return Promise.resolve(true);
  return new Promise((resolve) => {
    // A refusal is settled before this runs: it is decided inside play().
    const waiting = setTimeout(() => {
      resolve(true);
      probe.pause();
    }, 0);
    const settle = (allowed: boolean) => {
      clearTimeout(waiting);
      resolve(allowed);
    };
    attempt.then(
      () => settle(true),
      (error: unknown) => settle((error as { name?: unknown } | null)?.name !== 'NotAllowedError'),
    );
  });
}
