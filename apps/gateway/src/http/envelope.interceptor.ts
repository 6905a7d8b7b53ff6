import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { ApiSuccess } from '@portal/contracts';
import { Paginated } from './paginated';

/** Wraps every controller result in `{ success: true, data, meta? }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_: ExecutionContext, next: CallHandler): Observable<ApiSuccess<unknown>> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (result instanceof Paginated) {
          const { items, page, limit, total } = result.page;
          return { success: true, data: items, meta: { page, limit, total } };
        }
        return { success: true, data: result ?? null };
      }),
    );
  }
}
