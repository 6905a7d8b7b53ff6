/** The consumer group every replica of a service joins on its request stream. */
export const HANDLERS_GROUP = 'handlers';

/** A request's kind: a read may run again on another replica; a write runs at most once. */
export type CallKind = 'read' | 'write';

/** Redis keys of the request/response transport, all under the portal's key prefix. */
export function streamKeys(prefix: string) {
  return {
    /** One stream per service: the first segment of a pattern names it (`community.comment.create`). */
    requests: (service: string) => `${prefix}rpc:${service}`,
    /** The pub/sub channel only the asking replica listens on. */
    replies: (clientId: string) => `${prefix}rpc:reply:${clientId}`,
    /** Kept alive by a consumer while it runs; once it expires, other replicas take its requests over. */
    alive: (consumer: string) => `${prefix}rpc:alive:${consumer}`,
  };
}

export function serviceOf(pattern: string): string {
  const dot = pattern.indexOf('.');
  return dot > 0 ? pattern.slice(0, dot) : pattern;
}

/** A request as it travels in a stream entry (every field a string, as Redis keeps them). */
export interface StreamRequest {
  id: string;
  pattern: string;
  /** The packet's data (`{ meta, data }`) as JSON. */
  body: string;
  /** The reply channel of the asking replica. */
  reply: string;
  /** Epoch ms after which nobody waits for the answer: the request is dropped, not run late. */
  deadline: number;
  kind: CallKind;
}

export function toStreamFields(request: StreamRequest): string[] {
  return [
    'id',
    request.id,
    'pattern',
    request.pattern,
    'body',
    request.body,
    'reply',
    request.reply,
    'deadline',
    String(request.deadline),
    'kind',
    request.kind,
  ];
}

export function fromStreamFields(fields: string[]): StreamRequest | undefined {
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) map.set(fields[i], fields[i + 1]);
  const [id, pattern, body, reply, deadline, kind] = ['id', 'pattern', 'body', 'reply', 'deadline', 'kind'].map((name) => map.get(name));
  if (!id || !pattern || body === undefined || !reply || !deadline) return undefined;
  return { id, pattern, body, reply, deadline: Number(deadline), kind: kind === 'read' ? 'read' : 'write' };
}
