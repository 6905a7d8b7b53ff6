import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

/**
 * The story component of a routed page: renders `Page` at `path` (e.g. "/characters/:id"), so the page
 * reads its params from the story's `route` parameter as it does in the app.
 */
export function pageAtRoute(path: string, Page: ComponentType): ComponentType {
  return function PageAtRoute() {
    return (
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>
    );
  };
}
