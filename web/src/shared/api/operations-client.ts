import { type HttpBinding, pathParamsOf, sendsQuery } from '@portal/contracts';
import type { AnswerOf, AnyOperation, OperationFeature, OperationRoutes, Operations, RequestOf, RoutedOperation } from '@portal/contracts/operations';
import { type ApiRequestOptions, apiRequest, apiRequestPage } from './http-client';

// The declared operations' routes, inlined by vite.config.ts: the client gets them without the schemas (and zod).
declare const __OPERATION_ROUTES__: OperationRoutes;

type QueryValue = NonNullable<ApiRequestOptions['query']>[string];

export interface CallOptions {
  signal?: AbortSignal;
  /** As apiRequest's: a token to send instead of the stored one, or null for none (sign-up, sign-in). */
  token?: string | null;
}

/** One call per declared operation of a feature, typed from its contract: what it takes and what it answers. */
export type FeatureClient<F extends OperationFeature> = {
  [N in keyof Operations[F] as Operations[F][N] extends RoutedOperation ? N : never]: Operations[F][N] extends infer O extends AnyOperation
    ? (input: RequestOf<O>, options?: CallOptions) => Promise<AnswerOf<O>>
    : never;
};

/** `/news/:id` with `{ id }` → `/news/<id>`; the fields the path used are not sent again. */
export function requestOf({ method, path }: HttpBinding, input: Record<string, unknown>): { endpoint: string; options: ApiRequestOptions } {
  const inPath = pathParamsOf(path);
  const endpoint = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(input[name])));
  const rest = Object.fromEntries(Object.entries(input).filter(([name, value]) => !inPath.includes(name) && value !== undefined));
  if (sendsQuery(method)) return { endpoint, options: { method, query: rest as Record<string, QueryValue> } };
  return { endpoint, options: { method, body: rest } };
}

/** The typed client of a feature's operations (libs/contracts/src/operations): `operationsOf('news').list({ page: 2 })`. */
export function operationsOf<F extends OperationFeature>(feature: F): FeatureClient<F> {
  const routes = __OPERATION_ROUTES__[feature] as Record<string, HttpBinding>;
  return Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [
      name,
      (input: Record<string, unknown>, { signal, token }: CallOptions = {}) => {
        const { endpoint, options } = requestOf(route, input);
        return (route.page ? apiRequestPage : apiRequest)(endpoint, { ...options, signal, ...(token === undefined ? {} : { token }) });
      },
    ]),
  ) as unknown as FeatureClient<F>;
}
