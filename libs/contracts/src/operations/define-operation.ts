import type { z } from 'zod';
import type { RpcKind } from '../rpc/rpc-kinds';

/**
 * Who may call an operation. Admin and uploader (an admin, or a user an admin made one: episode
 * uploads) are checked with auth at call time, never trusted from the token.
 */
export type OperationAccess = 'public' | 'user' | 'uploader' | 'admin';

/**
 * An operation that creates content (a comment, a review, a news item…): refused to a banned or
 * read-only user, and `chat` to a chat-muted one too (docs/moderation.md, «Bans»).
 */
export type OperationCreates = 'content' | 'chat';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpBinding {
  method: HttpMethod;
  /** Under /api, with `:name` path parameters that are fields of the request. */
  path: string;
  /** The success status (default: 201 for POST, 200 otherwise). */
  status?: number;
  /**
   * The answer is a numbered page (`Page<T>`): the envelope carries its items as `data` and its page,
   * limit and total as `meta`, as every paginated list of the API does.
   */
  page?: true;
  /**
   * A write that changes what the catalogue's public reads answer: the gateway answers it only once it
   * has caught up with the cache generation the write bumped, so the writer's next read is fresh
   * (CatalogueResponseCache.afterWrite).
   */
  refreshesCatalogue?: true;
}

/**
 * One operation, declared once (docs/adding-an-operation.md): the service registers its handler from
 * it, the gateway its route, /api/docs its request and answer bodies, and the web its typed call.
 */
export interface Operation<Request extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType, Pattern extends string = string> {
  /** The message pattern the owning service answers, `<service>.<feature>.<action>`. */
  readonly pattern: Pattern;
  /** A read is run again by another replica when the one running it dies; a write only when nothing of it was committed. */
  readonly kind: RpcKind;
  readonly access: OperationAccess;
  readonly creates?: OperationCreates;
  /** Without one, the operation is only called by other services. */
  readonly http?: HttpBinding;
  /** One line for /api/docs and docs/api.md. */
  readonly summary: string;
  /**
   * What else a caller should know (markdown): bounds and defaults, the refusals and their messages, what
   * the answer holds. Shown after the summary in docs/api.md (`npm run docs:api`) and as the operation's
   * description in /api/docs.
   */
  readonly notes?: string;
  /**
   * What the service receives: for an HTTP route, the path parameters, and the query (GET, DELETE) or the
   * JSON body (POST, PUT, PATCH), merged into one object (a DELETE's JSON body, if any, fills in what its
   * query leaves out). Every service and the gateway parse with it.
   */
  readonly request: Request;
  /** What the service answers (the envelope's `data`); checked in tests (CHECK_ANSWERS). */
  readonly answer: Answer;
}

export type AnyOperation = Operation<z.ZodType, z.ZodType, string>;

/** What a caller sends: the schema's input (defaults may be left out). */
export type RequestOf<O extends AnyOperation> = z.input<O['request']>;
/** What a handler receives: the schema's output. */
export type ParsedRequestOf<O extends AnyOperation> = z.output<O['request']>;
export type AnswerOf<O extends AnyOperation> = z.output<O['answer']>;

/** An operation with an HTTP route (the web client can call it). */
export type RoutedOperation = AnyOperation & { readonly http: HttpBinding };

/** The declaration as written; whether it has an `http` binding stays in its type (the web client offers only those). */
export const defineOperation = <
  Request extends z.ZodType,
  Answer extends z.ZodType,
  const Pattern extends string,
  Http extends HttpBinding | undefined = undefined,
>(
  operation: Operation<Request, Answer, Pattern> & { readonly http?: Http },
): Operation<Request, Answer, Pattern> & { readonly http: Http } => Object.freeze(operation) as Operation<Request, Answer, Pattern> & { readonly http: Http };

/** The path parameters of a route, in order: `/news/:id/comments` → `['id']`. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
}

/** Whether a route's request fields other than the path parameters travel in the query (else in the JSON body). */
export const sendsQuery = (method: HttpMethod): boolean => method === 'GET' || method === 'DELETE';

export const successStatusOf = (http: HttpBinding): number => http.status ?? (http.method === 'POST' ? 201 : 200);
