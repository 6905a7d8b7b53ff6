import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { ErrorCode, GENERIC_MESSAGES, healthPattern, SERVICE_NAMES, type ServiceName } from '@portal/contracts';
import { liveReplicasOf, REDIS, REDIS_OPTIONS, type RedisOptions, RpcClient } from '@portal/messaging';
import { resolveRequestId } from '@portal/platform';
import { SharedResult } from './shared-result';

type ServiceStatus = readonly [ServiceName, 'up' | 'down'];

/** How long one probe of the services answers GET /api/health (per gateway replica). */
export const PORTAL_HEALTH_TTL_MS = 1000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  /**
   * One probe of the six services serves every concurrent request and those of the next second, so
   * any amount of anonymous traffic here costs each service at most about one health call a second
   * per gateway. The services' own probes (/health/ready on their health ports) stay per service.
   */
  private readonly probe = new SharedResult(PORTAL_HEALTH_TTL_MS, () => this.probeServices());

  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Status of every service: 200 when all are up, 503 otherwise (one probe shared for 1 s)' })
  async portal(@Res() reply: FastifyReply) {
    const results = await this.probe.get();
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

  /**
   * A service is down when none of its replicas is alive (the transport's liveness keys: known at
   * once, no deadline waited for), when it reports a dependency down, or when it does not answer
   * within the deadline every call has (RPC_TIMEOUT_MS). A live service on a busy machine has that
   * whole deadline, as its other requests do; a short deadline would report it down.
   */
  private probeServices(): Promise<ServiceStatus[]> {
    const meta = { requestId: resolveRequestId(undefined) };
    return Promise.all(
      SERVICE_NAMES.map(async (service): Promise<ServiceStatus> => {
        const replicas = await liveReplicasOf(this.redis, this.redisOptions.keyPrefix, service).catch(() => 0);
        if (replicas === 0) return [service, 'down'];
        const health = await this.rpc.send(healthPattern(service), {}, meta).catch(() => null);
        return [service, health?.status === 'up' ? 'up' : 'down'];
      }),
    );
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness of this gateway process' })
  live() {
    return { status: 'up' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness of this gateway: its Redis is reachable' })
  async ready(@Res() reply: FastifyReply) {
    const up = await this.redis.ping().then(
      () => true,
      () => false,
    );
    return reply
      .status(up ? 200 : 503)
      .send(
        up ? { success: true, data: { status: 'up' } } : { success: false, code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.serviceUnavailable },
      );
  }
}
