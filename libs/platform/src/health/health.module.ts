import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import type { ServiceName } from '@portal/contracts';
import { HEALTH_CHECK_TIMEOUT, HEALTH_CHECKS, type HealthCheck, SERVICE_NAME } from './health-checks';
import { HealthController, healthMessageHandler } from './health.controller';

export interface HealthModuleOptions {
  service: ServiceName;
  inject: InjectionToken[];
  checks: (...dependencies: never[]) => HealthCheck[];
  /** How long one check may take before it counts as down. */
  timeoutMs: number;
}

@Module({})
export class HealthModule {
  static forService({ service, inject, checks, timeoutMs }: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController, healthMessageHandler(service)],
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        { provide: HEALTH_CHECK_TIMEOUT, useValue: timeoutMs },
        { provide: HEALTH_CHECKS, inject, useFactory: checks },
      ],
    };
  }
}
