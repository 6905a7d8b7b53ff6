import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { authEnvSchema, exitOnConfigError, loadConfig } from '@portal/config';
import { createLogger } from '@portal/platform';
import { AuthAppModule } from '../auth-app.module';
import { UsersService } from '../users/services/users.service';

/** `npm run admin -- <email>`: makes an existing account an admin (an audited auth.user.updated event). */
async function main() {
  const email = process.argv[2];
  if (!email) {
    process.stderr.write('usage: npm run admin -- <email>\n');
    process.exit(2);
  }
  const config = loadConfig(authEnvSchema);
  const logger = createLogger('auth-cli', 'warn');
  const app = await NestFactory.createApplicationContext(AuthAppModule.forRoot(config, logger), { logger: false });
  try {
    const user = await app.get(UsersService).grantAdminByEmail(email);
    process.stdout.write(`${user.username} <${user.email}> is now an admin\n`);
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  if (error?.payload?.message) {
    process.stderr.write(`${error.payload.message}\n`);
    process.exit(1);
  }
  exitOnConfigError(error, 'admin');
});
