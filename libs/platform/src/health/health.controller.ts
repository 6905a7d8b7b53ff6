import { Controller, Get, Inject, Res } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { FastifyReply } from 'fastify';
import type { ServiceHealth, ServiceName } from '@portal/contracts';
import { HEALTH_CHECK_TIMEOUT, HEALTH_CHECKS, type HealthCheck, runHealthChecks, SERVICE_NAME } from './health-checks';

/** Probes for the orchestrator over HTTP, and the same readiness answer over the transport for the gateway. */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: ServiceName,
    @Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[],
    @Inject(HEALTH_CHECK_TIMEOUT) private readonly timeoutMs: number,
  ) {}

  @Get('live')
  live() {
    return { status: 'up' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply) {
    const health = await this.readiness();
    return reply.status(health.status === 'up' ? 200 : 503).send(health);
  }

  readiness(): Promise<ServiceHealth> {
    return runHealthChecks(this.service, this.checks, this.timeoutMs);
  }
}

/** Registered per service with its own pattern name (`auth.health`, ...). */
export function healthMessageHandler(service: ServiceName) {
  @Controller()
  class HealthMessageController {
    constructor(
      @Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[],
      @Inject(HEALTH_CHECK_TIMEOUT) private readonly timeoutMs: number,
    ) {}

    @MessagePattern(`${service}.health`)
    health(): Promise<ServiceHealth> {
      return runHealthChecks(service, this.checks, this.timeoutMs);
    }
  }
  return HealthMessageController;
}
