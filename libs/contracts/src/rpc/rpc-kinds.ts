import type { HandDeclaredRpcMap } from './rpc-map';

export type RpcKind = 'read' | 'write';

/**
 * Whether each pattern only reads. When the replica running a request dies, a read is run again by
 * another replica; a write is run again only when nothing of it was committed (docs/architecture.md,
 * «Requests»). Every pattern must be classified, so a new one cannot slip in as a retried write.
 */
export const RPC_KINDS: Record<Exclude<keyof HandDeclaredRpcMap, `${string}.health`>, RpcKind> = {
  'catalogue.anime.poster': 'read',
  'catalogue.anime.create': 'write',
  'catalogue.anime.patch': 'write',
  'catalogue.anime.delete': 'write',
  'catalogue.posters.update': 'write',
  'catalogue.poster.save': 'write',
  'catalogue.collection.create': 'write',
  'catalogue.collection.update': 'write',
  'catalogue.collection.delete': 'write',
  'catalogue.metadata.sync': 'write',
  'catalogue.metadata.progress': 'read',
  'catalogue.parser.parse': 'write',
  'catalogue.images.search': 'read',
  'catalogue.images.set-background': 'write',
  'catalogue.anime.refs': 'read',
  'community.progress.save-many': 'write',
  'community.progress.get': 'read',
  'community.progress.delete': 'write',
  'community.progress.continue': 'read',
  'community.comment.create': 'write',
  'community.comments.list': 'read',
  'community.comment.get': 'read',
  'community.comment.update': 'write',
  'community.comment.delete': 'write',
  'community.comment.like': 'write',
  'community.comment.unlike': 'write',
  'community.comments.latest': 'read',
  'community.comments.of-user': 'read',
  'community.reviews.of-user': 'read',
  'community.counts.of-user': 'read',
  'community.amv.view': 'write',
  'chat.messages.list': 'read',
  'chat.message.post': 'write',
  'chat.message.delete': 'write',
  'chat.message.get': 'read',
  'chat.presence.report': 'write',
  'chat.presence.stats-for': 'read',
  'chat.presence.users': 'read',
  'chat.presence.leave': 'write',
  'chat.watch-party.create': 'write',
  'chat.watch-party.get': 'read',
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
