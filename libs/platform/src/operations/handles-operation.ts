import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { AnyOperation, AuthenticatedUser, RpcMeta, RpcRequest } from '@portal/contracts';
import { validatePayload } from '../validate-payload';

const OPERATION = 'portal:operation';

/**
 * The handler of a declared operation (libs/contracts/src/operations): answers its pattern; the caller's
 * access is checked first (OperationAccessGuard), then `@Input()` is its request, parsed.
 */
export const HandlesOperation = (operation: AnyOperation) => applyDecorators(MessagePattern(operation.pattern), SetMetadata(OPERATION, operation));

/** The operation a handler answers, if it was declared with @HandlesOperation. */
export const operationOfHandler = (handler: Function): AnyOperation | undefined => Reflect.getMetadata(OPERATION, handler) as AnyOperation | undefined;

const packetOf = (context: ExecutionContext) => context.switchToRpc().getData<RpcRequest<unknown>>();

/** The request, parsed with the operation's schema: a refusal is a 400 naming the field, in Russian. */
export const Input = createParamDecorator((_: unknown, context: ExecutionContext): unknown => {
  const operation = operationOfHandler(context.getHandler());
  if (!operation) throw new Error(`@Input() needs @HandlesOperation on ${context.getClass().name}.${context.getHandler().name}`);
  return validatePayload(operation.request, packetOf(context).data);
});

/** The verified caller (always there for `user` and `admin` operations; a guest of a public one is undefined). */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser | undefined => packetOf(context).meta?.user);

/** The caller's request id, user and IP, to pass on to other services. */
export const CallMeta = createParamDecorator((_: unknown, context: ExecutionContext): RpcMeta => packetOf(context).meta);
