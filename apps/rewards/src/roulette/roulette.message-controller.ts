import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ErrorCode, GENERIC_MESSAGES, type RpcRequest } from '@portal/contracts';
import { rewardsUserSchema } from '@portal/contracts/schemas';
import { RpcError, validatePayload } from '@portal/platform';
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
    if (!meta.user) throw RpcError.of(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
    return this.roulette.spin(meta.user.id);
  }
}
