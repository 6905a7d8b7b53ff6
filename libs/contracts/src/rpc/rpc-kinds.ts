import type { HandDeclaredRpcMap } from './rpc-map';

export type RpcKind = 'read' | 'write';

/**
 * Whether each pattern only reads. When the replica running a request dies, a read is run again by
 * another replica; a write is run again only when nothing of it was committed (docs/architecture.md,
 * «Requests»). Every pattern must be classified, so a new one cannot slip in as a retried write.
 */
export const RPC_KINDS: Record<Exclude<keyof HandDeclaredRpcMap, `${string}.health`>, RpcKind> = {
  'catalogue.anime.poster': 'read',
  'catalogue.collection.create': 'write',
  'catalogue.collection.update': 'write',
  'catalogue.collection.delete': 'write',
  'community.progress.save-many': 'write',
  'community.amv.view': 'write',
  'chat.presence.report': 'write',
  'chat.presence.stats-for': 'read',
  'chat.presence.leave': 'write',
  'chat.watch-party.join': 'write',
  'chat.watch-party.leave': 'write',
  'chat.watch-party.disconnect': 'write',
  'chat.watch-party.control': 'write',
  'chat.watch-party.chat': 'write',
  'chat.watch-party.drop-gateway': 'write',
};

/** Health probes read; unknown patterns count as writes: never run twice. */
export function rpcKindOf(pattern: string): RpcKind {
  if (pattern.endsWith('.health')) return 'read';
  return (RPC_KINDS as Record<string, RpcKind | undefined>)[pattern] ?? 'write';
}
