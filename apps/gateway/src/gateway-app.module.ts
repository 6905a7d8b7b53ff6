import { type DynamicModule, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { GatewayEnv } from '@portal/config';
import { PrefixedRedisClient, RedisModule, RpcClient, redisTransportOptions } from '@portal/messaging';
import { AdminController } from './admin/admin.controller';
import { AccessGuard } from './auth/access.guard';
import { AuthController, TelegramController } from './auth/auth.controller';
import { HealthController } from './health/health.controller';
import { UsersController } from './users/users.controller';

const TRANSPORT = Symbol('TRANSPORT');

@Module({})
export class GatewayAppModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(TRANSPORT) private readonly transport: PrefixedRedisClient) {}

  static forRoot(config: GatewayEnv): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        RedisModule.forRoot({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }),
        JwtModule.register({ secret: config.JWT_SECRET }),
      ],
      controllers: [HealthController, AuthController, TelegramController, UsersController, AdminController],
      providers: [
        {
          provide: TRANSPORT,
          useFactory: () => new PrefixedRedisClient(config.REDIS_KEY_PREFIX, redisTransportOptions(config.REDIS_URL)),
        },
        { provide: RpcClient, inject: [TRANSPORT], useFactory: (transport: PrefixedRedisClient) => new RpcClient(transport, config.RPC_TIMEOUT_MS) },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }

  async onApplicationBootstrap() {
    await this.transport.connect();
  }

  async onApplicationShutdown() {
    await this.transport.close();
  }
}
