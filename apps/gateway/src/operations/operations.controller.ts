import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Put, Req } from '@nestjs/common';
import { ErrorCode, GENERIC_MESSAGES, type Page, type RpcPattern } from '@portal/contracts';
import { type AnyOperation, type HttpMethod, OPERATIONS, type RoutedOperation, sendsQuery, successStatusOf } from '@portal/contracts/operations';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, UploaderOnly, Writes } from '../auth/access.guard';
import { parseAtEdge } from '../http/edge-validation.pipe';
import { Paginated } from '../http/paginated';
import { type GatewayRequest, metaOf } from '../http/request-meta.decorator';
import { CatalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { documentOperation } from './operation-openapi';

const ROUTE: Record<HttpMethod, (path: string) => MethodDecorator> = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete };

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the service receives: the query (GET, DELETE) or the JSON body, with the path parameters over it. */
function inputOf({ http }: RoutedOperation, request: GatewayRequest): Record<string, unknown> {
  const carried: unknown = sendsQuery(http.method) ? request.query : (request.body ?? {});
  if (!isPlainObject(carried)) {
    throw new RemoteServiceError({
      code: ErrorCode.ValidationFailed,
      message: GENERIC_MESSAGES.bodyNotObject,
      errors: [{ field: 'body', message: GENERIC_MESSAGES.bodyNotObject }],
    });
  }
  // A DELETE may name its target in a JSON body too (DELETE /progress, docs/community.md): the query's fields win.
  const bodyOfDelete = http.method === 'DELETE' && isPlainObject(request.body) ? request.body : {};
  return { ...bodyOfDelete, ...carried, ...(request.params as Record<string, string>) };
}

const accessDecorators = ({ access, creates }: AnyOperation): MethodDecorator[] => [
  ...(access === 'user' ? [RequireUser()] : access === 'admin' ? [AdminOnly()] : access === 'uploader' ? [UploaderOnly()] : []),
  ...(creates ? [Writes(creates)] : []),
];

/**
 * The route of every declared operation that only forwards (issue #31): authenticated and rate-limited
 * like any route (AccessGuard), its input parsed at the edge with the operation's own schema, sent to
 * the owning service, answered in the envelope. Hand-written controllers remain for what does more
 * (uploads, images and redirects such as the posters, waits for a card reward). The catalogue's response
 * cache answers by URL before any controller, so the declared catalogue reads are cached all the same
 * (catalogue-response-cache.ts); a write that `refreshesCatalogue` is answered once the cache has caught up with it.
 */
@Controller()
export class OperationsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(CatalogueResponseCache) private readonly catalogueCache: CatalogueResponseCache,
  ) {}

  async forward(operation: RoutedOperation, request: GatewayRequest): Promise<unknown> {
    const input = parseAtEdge(operation.request, inputOf(operation, request), sendsQuery(operation.http.method) ? 'query' : 'body');
    const sent = this.rpc.send(operation.pattern as RpcPattern, input as never, metaOf(request));
    const answer = await (operation.http.refreshesCatalogue ? this.catalogueCache.afterWrite(sent) : sent);
    return operation.http.page ? new Paginated(answer as Page<unknown>) : answer;
  }
}

for (const [feature, operations] of Object.entries(OPERATIONS)) {
  for (const [name, declared] of Object.entries(operations) as Array<[string, AnyOperation]>) {
    if (!declared.http) continue;
    const operation = declared as RoutedOperation;
    const method = `${feature}_${name}`;
    const handler = function (this: OperationsController, request: GatewayRequest) {
      return this.forward(operation, request);
    };
    Object.defineProperty(handler, 'name', { value: method });
    Object.defineProperty(OperationsController.prototype, method, { value: handler, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(OperationsController.prototype, method)!;
    Req()(OperationsController.prototype, method, 0);
    const decorators = [
      ROUTE[operation.http.method](operation.http.path),
      HttpCode(successStatusOf(operation.http)),
      ...accessDecorators(operation),
      documentOperation(feature, operation),
    ];
    Reflect.decorate(decorators, OperationsController.prototype, method, descriptor);
  }
}
