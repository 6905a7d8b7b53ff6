export type RpcKind = 'read' | 'write';

/**
 * A health probe only reads; any other pattern that is not a declared operation counts as a write:
 * never run twice (docs/architecture.md, «Requests»).
 */
export const undeclaredKindOf = (pattern: string): RpcKind => (pattern.endsWith('.health') ? 'read' : 'write');
