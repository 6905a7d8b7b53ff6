import { useSyncExternalStore } from 'react';

/**
 * «The first page has settled»: what the visitor came for is on screen, so what is not part of it
 * (the chat's socket and widget, the notification bell, the general socket) may load now without
 * competing with the page's code, data and posters for a phone's bandwidth and CPU (issue #13, LCP).
 *
 * Settled means: the document has loaded, nothing in the main area still says it is loading
 * (`aria-busy="true"`: the index.html shell, the guard's check, skeletons, spinners) and every
 * above-the-fold poster (`fetchpriority="high"`) has finished. Checked every 100 ms; at most
 * SETTLE_CAP_MS after a component first asks it counts as settled anyway (a page that never stops loading
 * still gets its chat). Once settled it stays settled for the visit, so later pages show everything at once.
 */
export const SETTLE_CAP_MS = 6000;
const POLL_MS = 100;

let settled = false;
const listeners = new Set<() => void>();

function busy(): boolean {
  if (document.readyState !== 'complete') return true;
  const main = document.getElementById('main-content') ?? document.body;
  if (main.querySelector('[aria-busy="true"]')) return true;
  for (const image of document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')) {
    if (!image.complete) return true;
  }
  return false;
}

function settle() {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

let timer: number | undefined;
/** When the first component asked: the cap counts from there. */
let askedAt: number | undefined;

function watch() {
  if (timer !== undefined || settled) return;
  askedAt ??= Date.now();
  const check = () => {
    timer = undefined;
    if (!busy() || Date.now() - (askedAt ?? 0) >= SETTLE_CAP_MS) settle();
    else timer = window.setTimeout(check, POLL_MS);
  };
  timer = window.setTimeout(check, 0);
}

/** Nobody waits any more (every component unmounted): the polling stops until one asks again. */
function stopWatching() {
  window.clearTimeout(timer);
  timer = undefined;
}

function subscribe(listener: () => void): () => void {
  if (settled) return () => undefined;
  listeners.add(listener);
  watch();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stopWatching();
  };
}

/**
 * Counts the visit as settled now: for screens shown on their own (Storybook), where what waits for
 * the first page would otherwise wait for whatever an earlier story left loading, up to SETTLE_CAP_MS.
 */
export function markPageSettled(): void {
  settle();
}

/** True once the first page has settled (see above); false until then. */
export function usePageSettled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}
