import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { ECONOMY_OPERATIONS } from '@portal/contracts/operations';
import type { PointsHistoryQuery } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { PointsService } from './points.service';

@Controller()
export class PointsMessageController {
  constructor(private readonly points: PointsService) {}

  @HandlesOperation(ECONOMY_OPERATIONS.points)
  balance(@Input() { cursor }: PointsHistoryQuery, @Caller() user: AuthenticatedUser) {
    return this.points.balance(user.id, cursor);
  }
}
