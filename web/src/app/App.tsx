import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { usePageSettled } from '../shared/lib/page-settled';
import { AccountBannedScreen } from '../shared/session/AccountBannedScreen';
import { AppProviders } from './providers/AppProviders';
import { RealtimeConnection } from './RealtimeConnection';
import { AppRoutes } from './router/AppRoutes';

// The chat socket's code (and the chat's strings) load once the first page has settled, not in the entry chunk.
const ChatConnection = lazy(() => import('../features/chat/components/ChatConnection').then((module) => ({ default: module.ChatConnection })));

/** `queryClient`: the one main.tsx made to start the first page's reads before React renders. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const settled = usePageSettled();
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <RealtimeConnection />
        {settled ? (
          <Suspense fallback={null}>
            <ChatConnection />
          </Suspense>
        ) : null}
        <AppRoutes />
        <AccountBannedScreen />
      </AppProviders>
    </BrowserRouter>
  );
}
