import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers/AppProviders';
import { RealtimeConnection } from './RealtimeConnection';
import { AppRoutes } from './router/AppRoutes';

// The chat socket's code (and the chat's strings) load beside the page, not in the entry chunk.
const ChatConnection = lazy(() => import('../features/chat/components/ChatConnection').then((module) => ({ default: module.ChatConnection })));

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <RealtimeConnection />
        <Suspense fallback={null}>
          <ChatConnection />
        </Suspense>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
