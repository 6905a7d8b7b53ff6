import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { ECONOMY_OPERATIONS } from '@portal/contracts/operations';
import { Caller, HandlesOperation } from '@portal/platform';
import { RouletteService } from './roulette.service';

@Controller()
export class RouletteMessageController {
  constructor(private readonly roulette: RouletteService) {}

  @HandlesOperation(ECONOMY_OPERATIONS.roulette)
  info(@Caller() user: AuthenticatedUser) {
    return this.roulette.info(user.id);
  }

  /** The spinner is the signed-in user; the request carries nothing the spin trusts. */
  @HandlesOperation(ECONOMY_OPERATIONS.spin)
  spin(@Caller() user: AuthenticatedUser) {
    return this.roulette.spin(user.id);
  }
}
