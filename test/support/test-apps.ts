import type { DestinationStream } from 'pino';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { authEnvSchema, chatEnvSchema, gatewayEnvSchema, loadConfig, moderationEnvSchema, rewardsEnvSchema, serviceEnvSchema } from '@portal/config';
import { createLogger, createServiceApp, platformOnlyModule } from '@portal/platform';
import { AuthAppModule } from '../../apps/auth/src/auth-app.module';
import { ChatAppModule } from '../../apps/chat/src/chat-app.module';
import { createGatewayApp } from '../../apps/gateway/src/create-gateway-app';
import { ModerationAppModule } from '../../apps/moderation/src/moderation-app.module';
import { RewardsAppModule } from '../../apps/rewards/src/rewards-app.module';
import type { SERVICE_NAMES } from '@portal/contracts';

export type Env = Record<string, string | undefined>;

export interface RunningApp {
  app: NestFastifyApplication;
  url: string;
  close: () => Promise<void>;
}

/** The environment of this test run (see global-setup) with per-test overrides. */
export const testEnv = (overrides: Env = {}): NodeJS.ProcessEnv => ({ ...process.env, ...overrides });

/** Starts a created app's transport and HTTP listener; an app that fails to start is closed, not leaked. */
export async function listen(app: NestFastifyApplication, startTransport: boolean): Promise<RunningApp> {
  try {
    if (startTransport) await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return { app, url: await app.getUrl().then((url) => url.replace('[::1]', '127.0.0.1')), close: () => app.close() };
}

/** The auth service, booted exactly as its main.ts boots it. */
export async function startAuthService(overrides: Env = {}, logTo?: DestinationStream): Promise<RunningApp> {
  const config = loadConfig(authEnvSchema, testEnv(overrides));
  const logger = createLogger('auth', config.LOG_LEVEL, logTo);
  return listen(await createServiceApp(AuthAppModule.forRoot(config, logger), config, logger), true);
}

export async function startModerationService(overrides: Env = {}): Promise<RunningApp> {
  const config = loadConfig(moderationEnvSchema, testEnv(overrides));
  const logger = createLogger('moderation', config.LOG_LEVEL);
  return listen(await createServiceApp(ModerationAppModule.forRoot(config, logger), config, logger), true);
}

export async function startChatService(overrides: Env = {}): Promise<RunningApp> {
  const config = loadConfig(chatEnvSchema, testEnv(overrides));
  const logger = createLogger('chat', config.LOG_LEVEL);
  return listen(await createServiceApp(ChatAppModule.forRoot(config, logger), config, logger), true);
}

export async function startRewardsService(overrides: Env = {}): Promise<RunningApp> {
  const config = loadConfig(rewardsEnvSchema, testEnv(overrides));
  const logger = createLogger('rewards', config.LOG_LEVEL);
  return listen(await createServiceApp(RewardsAppModule.forRoot(config, logger), config, logger), true);
}

/** A service that has only the platform (health, outbox, consumer) so far. */
export async function startPlatformService(service: (typeof SERVICE_NAMES)[number], overrides: Env = {}): Promise<RunningApp> {
  const config = loadConfig(serviceEnvSchema(0), testEnv(overrides));
  const logger = createLogger(service, config.LOG_LEVEL);
  return listen(await createServiceApp(platformOnlyModule(service, config, logger), config, logger), true);
}

export async function startGateway(overrides: Env = {}, logTo?: DestinationStream): Promise<RunningApp> {
  const config = loadConfig(gatewayEnvSchema, testEnv(overrides));
  const logger = createLogger('gateway', config.LOG_LEVEL, logTo);
  return listen(await createGatewayApp(config, logger), false);
}

/** Apps started one after another, closed in reverse, then `after` (the scratch database, folders). */
export interface AppGroup {
  /** In the order started; a kit may swap one it restarted. */
  apps: RunningApp[];
  close: () => Promise<void>;
}

/** Starts the apps in order; when one fails, closes those already started and runs `after` before rethrowing. */
export async function startApps(starts: Array<() => Promise<RunningApp>>, after: () => Promise<void> = async () => undefined): Promise<AppGroup> {
  const apps: RunningApp[] = [];
  const close = async () => {
    for (const app of [...apps].reverse()) await app.close();
    await after();
  };
  try {
    for (const start of starts) apps.push(await start());
  } catch (error) {
    await close();
    throw error;
  }
  return { apps, close };
}
