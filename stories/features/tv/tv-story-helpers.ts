import { createElement, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

export { PENDING, animeDetails, animeList, animeSummary } from '../catalogue/catalogue-story-helpers';
export { animeRef, continueItem, listEntry } from '../library/library-story-helpers';

const NEIGHBOURS = ['/', '/tv', '/tv/anime/:id', '/tv/watch/:id/:episode'];

/**
 * A TV page at its route, with the neighbouring TV routes (and the site's home) as markers, so a play
 * function can see where Enter or Back led: `screen.findByTestId('went-to')` holds the route pattern.
 */
export function tvAt(path: string, Page: ComponentType): ComponentType {
  return function TvPageAtRoute() {
    return createElement(
      Routes,
      null,
      createElement(Route, { path, element: createElement(Page) }),
      ...NEIGHBOURS.filter((other) => other !== path).map((other) =>
        createElement(Route, { key: other, path: other, element: createElement('p', { 'data-testid': 'went-to' }, other) }),
      ),
    );
  };
}
