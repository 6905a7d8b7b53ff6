import type { DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ServiceName } from '@portal/contracts';
import { exitOnConfigError, loadConfig, type ServiceEnv } from '@portal/config';
import { createLogger } from './logger';
import { createServiceApp, startServiceApp } from './bootstrap-service';

/** The whole of a service's main.ts: validate the environment, build the app, listen. */
export function runService<S extends z.ZodType<ServiceEnv>>(
  service: ServiceName,
  schema: S,
  rootModule: (config: z.infer<S>, logger: Logger) => DynamicModule,
): void {
  const start = async () => {
    const config = loadConfig(schema);
    const logger = createLogger(service, config.LOG_LEVEL);
    const app = await createServiceApp(rootModule(config, logger), config, logger);
    await startServiceApp(app, service, config.HEALTH_PORT, logger);
  };
  start().catch((error) => exitOnConfigError(error, service));
}
