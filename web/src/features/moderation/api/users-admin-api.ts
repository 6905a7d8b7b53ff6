import type { SelfUser } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const accounts = operationsOf('accounts');

export const fetchUsersPage = (search: string, page: number, signal?: AbortSignal) => accounts.list({ q: search || undefined, page }, { signal });
export const setUserAdmin = (id: string, isAdmin: boolean): Promise<SelfUser> => accounts.setAdmin({ id, isAdmin });
/** Grants or revokes the uploader role (uploads and publishes episodes); an admin is one whatever the flag says. */
export const setUserUploader = (id: string, isUploader: boolean): Promise<SelfUser> => accounts.setUploader({ id, isUploader });

export const usersAdminKeys = {
  all: ['admin', 'users'] as const,
  search: (search: string) => ['admin', 'users', search] as const,
};

/** Newest first, 20 a page, «Показать ещё» for the next; `search` is a nickname or email prefix. */
export const usersAdminQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: usersAdminKeys.search(search),
    queryFn: ({ pageParam, signal }) => fetchUsersPage(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });

export const useUsersAdmin = (search: string) => useInfiniteQuery(usersAdminQuery(search));

/** Grant or revoke the admin role; every loaded list is read again. */
export function useSetUserAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) => setUserAdmin(id, isAdmin),
    onSuccess: () => client.invalidateQueries({ queryKey: usersAdminKeys.all }),
  });
}

/** Grant or revoke the uploader role; every loaded list is read again. */
export function useSetUserUploader() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isUploader }: { id: string; isUploader: boolean }) => setUserUploader(id, isUploader),
    onSuccess: () => client.invalidateQueries({ queryKey: usersAdminKeys.all }),
  });
}
