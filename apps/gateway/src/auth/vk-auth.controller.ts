import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ErrorCode, type RpcMeta } from '@portal/contracts';
import { vkCallbackBodySchema } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { type GatewayRequest, Meta } from '../http/request-meta.decorator';
import { RefuseBannedIp } from './access.guard';
import { SanctionLookup } from '@portal/messaging';

class VkCallbackBody extends createZodDto(vkCallbackBodySchema) {}

/** Ties a started sign-in to the browser that started it: only this browser can finish it. */
const BINDING_COOKIE = 'portal_vk_binding';
const COOKIE_PATH = '/api/auth/vk';
const BINDING_MAX_AGE_SECONDS = 600;
/** Where a sign-in that cannot start goes: our own screen, never an address taken from the request. */
const START_FAILED_PATH = '/vk-auth?error=';

@ApiTags('auth')
@Controller('auth')
export class VkAuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sanctions: SanctionLookup,
  ) {}

  @Get('vk')
  @ApiOperation({ summary: 'Start VK ID sign-in: redirects to VK ID with state and a PKCE challenge' })
  async start(@Req() request: GatewayRequest, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    try {
      const { authorizeUrl, browserBinding } = await this.rpc.send('auth.vk.start', {}, meta);
      reply.header('set-cookie', bindingCookie(browserBinding, BINDING_MAX_AGE_SECONDS, request.protocol === 'https'));
      return reply.header('cache-control', 'no-store').redirect(authorizeUrl, 302);
    } catch (error) {
      const reason = error instanceof RemoteServiceError && error.payload.code === ErrorCode.Conflict ? 'off' : 'failed';
      return reply.header('cache-control', 'no-store').redirect(`${START_FAILED_PATH}${reason}`, 302);
    }
  }

  @RefuseBannedIp()
  @Post('vk/callback')
  @HttpCode(200)
  @ApiOperation({ summary: 'Finish VK ID sign-in: signs in, creates the account, or (with a token) links VK to it' })
  async callback(@Body() body: VkCallbackBody, @Req() request: GatewayRequest, @Meta() meta: RpcMeta, @Res({ passthrough: true }) reply: FastifyReply) {
    const browserBinding = cookieValue(request.headers.cookie, BINDING_COOKIE);
    // The state is single-use whatever the outcome, so the cookie goes too.
    reply.header('set-cookie', bindingCookie('', 0, request.protocol === 'https'));
    const session = await this.rpc.send('auth.vk.complete', { ...body, browserBinding }, meta);
    await this.sanctions.assertNotBanned(session.user.id);
    return session;
  }
}

function bindingCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${BINDING_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}
