import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { Logger } from 'pino';
import { ErrorCode } from '@portal/contracts';
import { RpcError } from '../rpc-error';
import { operationOfHandler } from './handles-operation';

/**
 * With CHECK_ANSWERS (tests, and development if wanted): every answer of a declared operation is
 * parsed with its answer schema, and one that does not match fails the call with a 500 naming the
 * field, so a contract that lies fails a test.
 */
export class AnswerCheckInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const operation = context.getType() === 'rpc' ? operationOfHandler(context.getHandler()) : undefined;
    if (!operation) return next.handle();
    return next.handle().pipe(
      map((answer: unknown) => {
        const result = operation.answer.safeParse(answer);
        if (result.success) return answer;
        const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
        this.logger.error({ pattern: operation.pattern, issues }, 'answer does not match its contract');
        throw RpcError.of(ErrorCode.Internal, `Ответ ${operation.pattern} не соответствует контракту: ${issues}`);
      }),
    );
  }
}
