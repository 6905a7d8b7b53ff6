import { queryOptions } from '@tanstack/react-query';
import type { MetadataSyncProgress, RpcResponseOf } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';
import { catalogueKeys } from './catalogue-api';

/** The admin panel polls the queue this often. */
export const SYNC_PROGRESS_REFRESH_MS = 5000;

/** Either every title with a Shikimori id, or the given ids. */
export type MetadataSyncRequest = { all: true } | { shikimoriIds: number[] };

export type MetadataSyncQueued = RpcResponseOf<'catalogue.metadata.sync'>;

const metadata = operationsOf('catalogueMetadata');

export function fetchSyncProgress(signal?: AbortSignal): Promise<MetadataSyncProgress> {
  return metadata.progress({}, { signal });
}

export function startMetadataSync(body: MetadataSyncRequest): Promise<MetadataSyncQueued> {
  return metadata.sync(body);
}

export const syncKeys = {
  progress: () => [...catalogueKeys.all, 'admin', 'sync'] as const,
};

export const syncProgressQuery = () =>
  queryOptions({
    queryKey: syncKeys.progress(),
    queryFn: ({ signal }) => fetchSyncProgress(signal),
    refetchInterval: SYNC_PROGRESS_REFRESH_MS,
    staleTime: 0,
  });

/** "5114, 9253 1" → [5114, 9253, 1]; null when any part is not a positive integer or nothing is given. */
export function parseShikimoriIds(input: string): number[] | null {
  const parts = input.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return null;
    const id = Number(part);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
