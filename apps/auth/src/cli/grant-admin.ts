import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { SelfUser } from '@portal/contracts';
import { authEnvSchema, exitOnConfigError, loadConfig } from '@portal/config';
import { RemoteServiceError } from '@portal/messaging';
import { createLogger, RpcError } from '@portal/platform';
import { AuthAppModule } from '../auth-app.module';
import { UsersService } from '../users/services/users.service';

/** Makes an existing account an admin, through the auth service's own code (so the change is audited). */
export async function grantAdmin(email: string, env: NodeJS.ProcessEnv = process.env): Promise<SelfUser> {
  const config = loadConfig(authEnvSchema, env);
  const logger = createLogger('auth-cli', 'warn');
  const app = await NestFactory.createApplicationContext(AuthAppModule.forRoot(config, logger), { logger: false });
  try {
    return await app.get(UsersService).grantAdminByEmail(email);
  } finally {
    await app.close();
  }
}

/** The message of a refusal the service reported (an unknown e-mail, say), as the user should read it. */
function refusalMessage(error: unknown): string | undefined {
  return error instanceof RpcError || error instanceof RemoteServiceError ? error.payload.message : undefined;
}

/** `npm run admin -- <email>` */
async function main() {
  const email = process.argv[2];
  if (!email) {
    process.stderr.write('usage: npm run admin -- <email>\n');
    process.exit(2);
  }
  const user = await grantAdmin(email);
  process.stdout.write(`${user.username} <${user.email}> is now an admin\n`);
}

if (require.main === module) {
  main().catch((error) => {
    const refusal = refusalMessage(error);
    if (refusal) {
      process.stderr.write(`${refusal}\n`);
      process.exit(1);
    }
    exitOnConfigError(error, 'admin');
  });
}
