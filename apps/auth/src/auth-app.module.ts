import { type DynamicModule, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import type { Logger } from 'pino';
import type { AuthEnv } from '@portal/config';
import { jwtSecretKey, RoleLookup, ServicePlatformModule } from '@portal/platform';
import { AUTH_MIGRATIONS } from './migrations';
import { CAPTCHA_TTL_SECONDS, CaptchaService } from './registration/services/captcha.service';
import { RegistrationService } from './registration/services/registration.service';
import { AUTH_RATE_LIMITS, AuthRateLimits } from './security/auth-rate-limits';
import { HASHING_CONCURRENCY, PasswordHasher } from './security/password-hasher';
import { LoginService } from './session/services/login.service';
import { TokenService } from './session/services/token.service';
import { SessionMessageController } from './session/session.message-controller';
import { TelegramMessageController } from './telegram/telegram.message-controller';
import { telegramProviders } from './telegram/telegram.providers';
import { SocialAccountEntity } from './vk/entities/social-account.entity';
import { VkMessageController } from './vk/vk.message-controller';
import { vkProviders } from './vk/vk.providers';
import { AUTH_LOGGER } from './auth.tokens';
import { UserEntity } from './users/entities/user.entity';
import { OwnRoleLookup } from './users/own-role-lookup';
import { PROFILE_IMAGE_HOSTS, UsersService } from './users/services/users.service';
import { UsersMessageController } from './users/users.message-controller';
import { UsernameResetMessageController } from './users/username-reset.message-controller';
import { UsernameResetService } from './users/services/username-reset.service';
import { UsersRepository } from './users/users.repository';
import { RankChangedListener } from './users/listeners/rank-changed.listener';

@Module({})
export class AuthAppModule {
  static forRoot(config: AuthEnv, logger: Logger): DynamicModule {
    return {
      module: AuthAppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'auth', config, logger, entities: [UserEntity, SocialAccountEntity], migrations: AUTH_MIGRATIONS }),
        JwtModule.register({ secret: jwtSecretKey(config.JWT_SECRET), signOptions: { expiresIn: config.JWT_EXPIRES_IN as never } }),
      ],
      controllers: [SessionMessageController, UsersMessageController, UsernameResetMessageController, TelegramMessageController, VkMessageController],
      providers: [
        { provide: AUTH_LOGGER, useValue: logger },
        ...telegramProviders(config),
        ...vkProviders(config),
        { provide: HASHING_CONCURRENCY, useValue: config.ARGON2_MAX_CONCURRENCY },
        { provide: CAPTCHA_TTL_SECONDS, useValue: config.CAPTCHA_TTL_SECONDS },
        { provide: PROFILE_IMAGE_HOSTS, useValue: config.PROFILE_IMAGE_HOSTS },
        {
          provide: AUTH_RATE_LIMITS,
          useValue: {
            loginFailuresPerIp: config.RATE_LIMIT_LOGIN_IP_PER_15MIN,
            loginFailuresPerAccountAndIp: config.RATE_LIMIT_LOGIN_ACCOUNT_PER_15MIN,
            registrationsPerIp: config.RATE_LIMIT_REGISTER_IP_PER_HOUR,
          },
        },
        UsersRepository,
        PasswordHasher,
        AuthRateLimits,
        CaptchaService,
        TokenService,
        RegistrationService,
        LoginService,
        UsersService,
        { provide: RoleLookup, useClass: OwnRoleLookup },
        UsernameResetService,
        RankChangedListener,
      ],
    };
  }
}
