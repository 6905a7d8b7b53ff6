import 'reflect-metadata';
import { exitOnConfigError, gatewayEnvSchema, loadConfig } from '@portal/config';
import { createLogger } from '@portal/platform';
import { createGatewayApp } from './create-gateway-app';

async function main() {
  const config = loadConfig(gatewayEnvSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const app = await createGatewayApp(config, logger);
  await app.listen(config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway ready');
}

main().catch((error) => exitOnConfigError(error, 'gateway'));
