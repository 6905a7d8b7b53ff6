import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/providers/query-client';
import { preloadFirstRoute } from './app/router/route-preload';
import { tokenStorage } from './shared/api/token-storage';
import './shared/ui/theme.css';
import './app/layout/layout.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
// Before React's first render: the first page's code and data start loading while React itself starts
// (a stored session only: a guest sees the welcome prompt, not the page).
if (tokenStorage.getToken()) preloadFirstRoute(window.location, queryClient);

// A transition: React renders the first screen in slices, yielding to the browser every few
// milliseconds, instead of in one long task (Total Blocking Time on a slow phone); the shell of
// index.html stays on screen until the first screen is ready to replace it.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
