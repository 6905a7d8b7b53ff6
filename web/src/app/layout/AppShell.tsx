import type { ReactNode } from 'react';
import { APP_STRINGS } from '../strings';

/**
 * The page as index.html paints it before the script has loaded and run: the header's brand and the
 * «Загрузка страницы...» status in the main area, styled by the app's own stylesheet. index.html holds
 * this markup as static HTML (the CSP allows no inline script); AppShell.test.tsx keeps the two the
 * same, and the story shows it. React replaces it on its first render; the header's brand stays where
 * it was, and nothing below the header is there to move. On the catalogue's pages the gateway draws
 * the page's first screen in place of the status (`page`: see @portal/contracts' page-shells).
 */
export function AppShell({ page }: { page?: ReactNode }) {
  return (
    <div className="layout">
      <header className="header">
        <div className="header__inner">
          <a href="/" className="brand">
            <span className="brand__mark" aria-hidden="true">
              A
            </span>
            {APP_STRINGS.brand}
          </a>
        </div>
      </header>
      <main id="main-content" className="layout__main">
        {page ?? (
          <div className="state-panel" aria-busy="true">
            <span className="app-shell__status" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{APP_STRINGS.pageLoading}</span>
            </span>
          </div>
        )}
      </main>
    </div>
  );
}
