import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { GatewayRequest } from '../http/request-meta.decorator';
import { ActiveUsersTracker } from './active-users.tracker';

/** Counts the signed-in user of every HTTP request (the access guard has verified the token by now). */
@Injectable()
export class ActiveUsersInterceptor implements NestInterceptor {
  constructor(private readonly tracker: ActiveUsersTracker) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    if (context.getType() === 'http') {
      const user = context.switchToHttp().getRequest<GatewayRequest>().user;
      if (user) this.tracker.seen(user.id);
    }
    return next.handle();
  }
}
