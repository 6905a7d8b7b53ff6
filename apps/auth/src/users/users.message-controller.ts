import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import {
  profileUpdateSchema,
  setAdminRequestSchema,
  userIdRequestSchema,
  userIdsRequestSchema,
  usernameQuerySchema,
  usersPageQuerySchema,
} from '@portal/contracts/schemas';
import { UsersService } from './services/users.service';

@Controller()
export class UsersMessageController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern('auth.username.check')
  checkUsername(@Payload() { data }: RpcRequest<unknown>) {
    return this.users.checkUsername(validatePayload(usernameQuerySchema, data).username);
  }

  @MessagePattern('auth.user.profile')
  profile(@Payload() { data }: RpcRequest<unknown>) {
    return this.users.publicProfile(validatePayload(usernameQuerySchema, data).username);
  }

  @MessagePattern('auth.user.by-id')
  profileById(@Payload() { data }: RpcRequest<unknown>) {
    return this.users.publicProfileById(validatePayload(userIdRequestSchema, data).userId);
  }

  @MessagePattern('auth.users.by-ids')
  namesByIds(@Payload() { data }: RpcRequest<unknown>) {
    return this.users.namesByIds(validatePayload(userIdsRequestSchema, data).userIds);
  }

  @MessagePattern('auth.profile.update')
  updateProfile(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.users.updateProfile(meta.user?.id, validatePayload(profileUpdateSchema, data));
  }

  @MessagePattern('auth.users.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { page, limit, q } = validatePayload(usersPageQuerySchema, data);
    return this.users.list(meta.user?.id, page, limit, q);
  }

  @MessagePattern('auth.user.set-admin')
  setAdmin(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { userId, isAdmin } = validatePayload(setAdminRequestSchema, data);
    return this.users.setAdmin(meta.user?.id, userId, isAdmin);
  }

  @MessagePattern('auth.access.check')
  access(@Payload() { meta }: RpcRequest<unknown>) {
    return this.users.accessOf(meta.user?.id);
  }
}
