import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import { loginRequestSchema, registerRequestSchema } from '@portal/contracts/schemas';
import { CaptchaService } from '../registration/services/captcha.service';
import { RegistrationService } from '../registration/services/registration.service';
import { LoginService } from './services/login.service';

const UNKNOWN_IP = 'unknown';

/** Sign-up, sign-in and session checks, as the gateway asks for them. */
@Controller()
export class SessionMessageController {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly registration: RegistrationService,
    private readonly login: LoginService,
  ) {}

  @MessagePattern('auth.captcha.create')
  createCaptcha() {
    return this.captcha.create();
  }

  @MessagePattern('auth.user.register')
  register(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.registration.register(validatePayload(registerRequestSchema, data), meta.clientIp ?? UNKNOWN_IP);
  }

  @MessagePattern('auth.user.login')
  signIn(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.login.login(validatePayload(loginRequestSchema, data), meta.clientIp ?? UNKNOWN_IP);
  }

  @MessagePattern('auth.session.verify')
  verify(@Payload() { meta }: RpcRequest<unknown>) {
    return this.login.verify(meta.user?.id);
  }
}
