import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, RpcMeta } from '@portal/contracts';
import { SESSION_OPERATIONS } from '@portal/contracts/operations';
import type { LoginRequest, RegisterRequest } from '@portal/contracts/schemas';
import { CallMeta, Caller, HandlesOperation, Input } from '@portal/platform';
import { CaptchaService } from '../registration/services/captcha.service';
import { RegistrationService } from '../registration/services/registration.service';
import { LoginService } from './services/login.service';

const UNKNOWN_IP = 'unknown';

/** Sign-up, sign-in and session checks (SESSION_OPERATIONS), as the gateway asks for them. */
@Controller()
export class SessionMessageController {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly registration: RegistrationService,
    private readonly login: LoginService,
  ) {}

  @HandlesOperation(SESSION_OPERATIONS.captcha)
  createCaptcha() {
    return this.captcha.create();
  }

  @HandlesOperation(SESSION_OPERATIONS.register)
  register(@Input() request: RegisterRequest, @CallMeta() meta: RpcMeta) {
    return this.registration.register(request, meta.clientIp ?? UNKNOWN_IP);
  }

  @HandlesOperation(SESSION_OPERATIONS.login)
  signIn(@Input() request: LoginRequest, @CallMeta() meta: RpcMeta) {
    return this.login.login(request, meta.clientIp ?? UNKNOWN_IP);
  }

  @HandlesOperation(SESSION_OPERATIONS.verify)
  verify(@Caller() user: AuthenticatedUser) {
    return this.login.verify(user.id);
  }
}
