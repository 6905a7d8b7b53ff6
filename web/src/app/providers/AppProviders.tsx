import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthFlowProvider } from '../../features/auth/components/AuthFlowProvider';
import type { StoredSession } from '../../shared/api/token-storage';
import { SessionProvider } from '../../shared/session/SessionProvider';
import { Toaster } from '../../shared/ui/Toaster';
import { createQueryClient } from './query-client';

const RewardCardDialog = lazy(() =>
  import('../../features/rewards/components/RewardCardDialog').then((module) => ({ default: module.RewardCardDialog })),
);

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: StoredSession | null;
}

/** Server state, session, the auth dialog, the reward card dialog and toasts. Must sit inside a router. */
export function AppProviders({ children, queryClient, initialSession }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [rewardCard, setRewardCard] = useState<string | null>(null);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider initialSession={initialSession}>
        <AuthFlowProvider onCardReward={setRewardCard}>
          {children}
          {rewardCard ? (
            <Suspense fallback={null}>
              <RewardCardDialog card={rewardCard} onClose={() => setRewardCard(null)} />
            </Suspense>
          ) : null}
        </AuthFlowProvider>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
