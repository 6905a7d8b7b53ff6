import type { Decorator } from '@storybook/react-vite';
import { createElement } from 'react';
import { HlsLoaderContext, type HlsLoader } from '../../../web/src/shared/video/use-hls-source';
import type { MockRequest } from '../../../web/src/test/mock-api';

export * from '../../../web/src/features/player/testing/player-fixtures';
export { AT_375, PENDING } from '../catalogue/catalogue-story-helpers';

/** Plays every player of the story through `loader` (a fake hls.js: jsdom and Storybook have no stream). */
export const withHls =
  (loader: HlsLoader): Decorator =>
  (Story) =>
    createElement(HlsLoaderContext.Provider, { value: loader }, createElement(Story));

/** The <video> of the story, once the player has rendered it. */
export function videoOf(canvas: HTMLElement): HTMLVideoElement {
  const video = canvas.ownerDocument.querySelector('video');
  if (!video) throw new Error('no <video> on the page');
  return video;
}

/** Records the bodies a fake endpoint received, so a play function can assert what was sent. */
export function recorder<T>(answer: (request: MockRequest) => T) {
  const bodies: unknown[] = [];
  return {
    bodies,
    handler: (request: MockRequest) => {
      bodies.push(request.body);
      return answer(request);
    },
  };
}

/**
 * Plays the part of a phone's autoplay policy for one story: play() is refused with NotAllowedError until
 * the page has had a tap or a key, as Chrome and Safari do on a visit that began without one. Returns the
 * clean-up (a story's beforeEach).
 */
export function refusePlayUntilGesture(): () => void {
  const play = HTMLMediaElement.prototype.play;
  let activated = false;
  const activate = () => {
    activated = true;
  };
  document.addEventListener('pointerdown', activate, true);
  document.addEventListener('keydown', activate, true);
  HTMLMediaElement.prototype.play = function playUnderPolicy(this: HTMLMediaElement) {
    if (activated) return play.call(this);
    return Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", 'NotAllowedError'));
  };
  return () => {
    HTMLMediaElement.prototype.play = play;
    document.removeEventListener('pointerdown', activate, true);
    document.removeEventListener('keydown', activate, true);
  };
}
