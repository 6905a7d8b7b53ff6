import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/providers/AppProviders';
import type { StoredSession } from '../shared/api/token-storage';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export interface RenderOptions {
  route?: string;
  /** undefined reads local storage, like the real app. */
  session?: StoredSession | null;
}

/** Shows the current path (with its query and hash), so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search + location.hash}</output>;
}

export function renderWithApp(ui: ReactElement, { route = '/', session }: RenderOptions = {}): RenderResult {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={createTestQueryClient()} initialSession={session}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}
