import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { rewardsUserSchema } from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { RouletteService } from './roulette.service';

@Controller()
export class RouletteMessageController {
  constructor(private readonly roulette: RouletteService) {}

  @MessagePattern('rewards.roulette.get')
  info(@Payload() { data }: RpcRequest<unknown>) {
    return this.roulette.info(validatePayload(rewardsUserSchema, data).userId);
  }

  /** The spinner is the signed-in user; the request carries nothing the spin trusts. */
  @MessagePattern('rewards.roulette.spin')
  spin(@Payload() { meta }: RpcRequest<unknown>) {
    return this.roulette.spin(signedIn(meta.user).id);
  }
}
