import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { ErrorCode, GENERIC_MESSAGES, healthPattern, SERVICE_NAMES, type ServiceName } from '@portal/contracts';
import { REDIS, RpcClient } from '@portal/messaging';
import { resolveRequestId } from '@portal/platform';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Status of every service: 200 when all are up, 503 otherwise' })
  async portal(@Res() reply: FastifyReply) {
    const meta = { requestId: resolveRequestId(undefined) };
    const results = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const health = await this.rpc.send(healthPattern(service), {}, meta).catch(() => null);
        return [service, health?.status === 'up' ? 'up' : 'down'] as const;
      }),
    );
    const services = Object.fromEntries(results) as Record<ServiceName, 'up' | 'down'>;
    const down = results.filter(([, status]) => status === 'down');
    if (down.length === 0) return reply.status(200).send({ success: true, data: { status: 'up', services } });
    return reply.status(503).send({
      success: false,
      code: ErrorCode.ServiceUnavailable,
      message: GENERIC_MESSAGES.serviceUnavailable,
      errors: down.map(([service]) => ({ field: service, message: 'Сервис недоступен' })),
    });
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness of this gateway process' })
  live() {
    return { status: 'up' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness of this gateway: its Redis is reachable' })
  async ready(@Res() reply: FastifyReply) {
    const up = await this.redis.ping().then(() => true, () => false);
    return reply.status(up ? 200 : 503).send(
      up
        ? { success: true, data: { status: 'up' } }
        : { success: false, code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.serviceUnavailable },
    );
  }
}
