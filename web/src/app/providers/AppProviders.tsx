import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthFlowProvider } from '../../features/auth/components/AuthFlowProvider';
import type { StoredSession } from '../../shared/api/token-storage';
import { usePageSettled } from '../../shared/lib/page-settled';
import { SessionProvider } from '../../shared/session/SessionProvider';
import { useSession } from '../../shared/session/session-context';
import { Toaster } from '../../shared/ui/Toaster';
import { createQueryClient } from './query-client';

// The reward card dialog and the rewards' live updates: a signed-in user's, loaded once the page has settled.
// Grants announced before it loads (a registration's answer) wait for it (shared/events/card-reward).
const RewardsHost = lazy(() => import('../../features/rewards/components/RewardsHost'));

function SignedInRewards() {
  const { user } = useSession();
  const settled = usePageSettled();
  return user && settled ? (
    <Suspense fallback={null}>
      <RewardsHost />
    </Suspense>
  ) : null;
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: StoredSession | null;
}

/** Server state, session, the auth dialog, the reward card dialog and toasts. Must sit inside a router. */
export function AppProviders({ children, queryClient, initialSession }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider initialSession={initialSession}>
        <AuthFlowProvider>
          {children}
          <SignedInRewards />
        </AuthFlowProvider>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
