import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LIST_QUERY_ROOTS, titleKeys } from '../../../shared/api/title-api';
import { ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { createTestQueryClient } from '../../../test/render';
import { animeRef, listEntry, ratingSummary } from '../testing/library-fixtures';
import { useListStatusMutation, useProgressMutation, useRatingMutation, useRemoveFromListMutation } from './useLibraryMutations';

const mockApi = mockApiPerTest();

/** A profile list (under the profile root) and a continue row (under the library root) seen before the change. */
const PROFILE_LIST = [...LIST_QUERY_ROOTS.profile, 'list', '@me', 'watching'];
const CONTINUE = titleKeys.continueWatching(12);
const ENTRY = titleKeys.listEntry(1);

function setup(entry = listEntry('watching')): { client: QueryClient; wrapper: (props: { children: ReactNode }) => ReactNode } {
  const client = createTestQueryClient();
  client.setQueryData(PROFILE_LIST, { pages: [], pageParams: [] });
  client.setQueryData(CONTINUE, []);
  client.setQueryData(ENTRY, entry);
  return { client, wrapper: ({ children }) => createElement(QueryClientProvider, { client }, children) };
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('library mutations refresh every view of the list', () => {
  it('a status change invalidates the profile and the library roots, and keeps the entry the server answered', async () => {
    const api = mockApi({ 'PUT /api/users/anime/status': ok(listEntry('completed')) });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useListStatusMutation(animeRef(1)), { wrapper });
    await act(() => result.current.mutateAsync({ status: 'completed', adding: false }));
    expect(api.callsTo('PUT /api/users/anime/status').map((call) => call.body)).toEqual([{ animeId: 1, status: 'completed' }]);
    expect(invalidated(client, PROFILE_LIST)).toBe(true);
    expect(invalidated(client, CONTINUE)).toBe(true);
    expect(invalidated(client, ENTRY)).toBe(false);
    expect(client.getQueryData(ENTRY)).toMatchObject({ status: 'completed' });
    expect(api.callsTo('GET /api/users/anime/1')).toHaveLength(0);
  });

  it('a progress change invalidates the profile root', async () => {
    mockApi({ 'PUT /api/users/anime/status': ok(listEntry('watching', { progress: 20 })) });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useProgressMutation(animeRef(1)), { wrapper });
    await act(() => result.current.mutateAsync(20));
    expect(invalidated(client, PROFILE_LIST)).toBe(true);
    expect(client.getQueryData(ENTRY)).toMatchObject({ progress: 20 });
  });

  it('a rating invalidates the profile root', async () => {
    mockApi({ 'POST /api/rating': ok(ratingSummary(9)) });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useRatingMutation(animeRef(1)), { wrapper });
    await act(() => result.current.mutateAsync(9));
    expect(invalidated(client, PROFILE_LIST)).toBe(true);
    expect(invalidated(client, ENTRY)).toBe(false);
    expect(client.getQueryData(ENTRY)).toMatchObject({ userRating: 9 });
  });

  it('a removal invalidates the profile root and leaves the entry null', async () => {
    mockApi({ 'DELETE /api/users/anime/1': ok({ animeId: 1, removed: true }) });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useRemoveFromListMutation(animeRef(1)), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(invalidated(client, PROFILE_LIST)).toBe(true);
    expect(invalidated(client, CONTINUE)).toBe(true);
    expect(client.getQueryData(ENTRY)).toBeNull();
  });

  it('a failed change invalidates nothing and rolls the entry back', async () => {
    mockApi({});
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useListStatusMutation(animeRef(1)), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ status: 'dropped', adding: false }).catch(() => undefined);
    });
    expect(invalidated(client, PROFILE_LIST)).toBe(false);
    expect(client.getQueryData(ENTRY)).toMatchObject({ status: 'watching' });
  });
});
