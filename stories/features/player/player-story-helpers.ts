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
