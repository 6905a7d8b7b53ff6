import type { Decorator, Parameters } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'sonner';
import type { OnlineStats } from '@portal/contracts';
import { AppProviders } from '../../web/src/app/providers/AppProviders';
import { RewardsSocketContext, type RewardsSocketConnector } from '../../web/src/features/rewards/api/rewards-socket';
import { realtimeStore } from '../../web/src/shared/api/general-socket';
import { markPageSettled } from '../../web/src/shared/lib/page-settled';
import type { StoredSession } from '../../web/src/shared/api/token-storage';
import { installMockApi, type MockRoutes } from '../../web/src/test/mock-api';

/** Story parameters understood by the portal decorator. */
export interface PortalParameters {
  /** Fake server answers, keyed "METHOD /api/path". Unlisted calls answer 404. */
  mockApi?: MockRoutes;
  /** The signed-in session; null (default) is a guest. */
  session?: StoredSession | null;
  /** Initial location of the memory router. */
  route?: string;
  /** Online statistics pushed "by the socket" before the story renders; null means none yet. */
  onlineStats?: OnlineStats | null;
  /** The rewards' `/notifications` socket of a signed-in story (the card dialog host); by default none connects. */
  rewardsSocket?: RewardsSocketConnector;
}

/** No story opens a real socket for the rewards: the connection never completes. */
const noRewardsSocket: RewardsSocketConnector = () => new Promise(() => undefined);

export function installStoryApi(parameters: Parameters): () => void {
  const { mockApi = {}, onlineStats = null } = parameters as PortalParameters;
  window.localStorage.clear();
  // Toasts live in a module-level store: start every story without the previous story's toasts.
  toast.dismiss();
  // A story is a page after the first: what waits for the first page to settle (the chat, the bell,
  // lazy home blocks) shows at once.
  markPageSettled();
  realtimeStore.publish({ connected: onlineStats !== null, stats: onlineStats });
  const api = installMockApi(mockApi);
  return () => {
    api.restore();
    realtimeStore.publish({ connected: false, stats: null });
  };
}

function StoryProviders({ parameters, children }: { parameters: PortalParameters; children: React.ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } }));
  return (
    <MemoryRouter initialEntries={[parameters.route ?? '/']}>
      <RewardsSocketContext.Provider value={parameters.rewardsSocket ?? noRewardsSocket}>
        <AppProviders queryClient={client} initialSession={parameters.session ?? null}>
          {children}
        </AppProviders>
      </RewardsSocketContext.Provider>
    </MemoryRouter>
  );
}

/** Router, react-query, session, auth flow and toasts around every story, as in the app. */
export const withPortal: Decorator = (Story, context) => (
  <StoryProviders parameters={context.parameters as PortalParameters}>
    <Story />
  </StoryProviders>
);
