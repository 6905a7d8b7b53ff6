import { randomUUID } from 'node:crypto';
import { Controller, Delete, HttpCode, Post, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { GatewayEnv } from '@portal/config';
import { type ProfileUpdate, type RpcMeta, type SelfUser } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { detectProfileMediaType, type ProfileMediaType } from '../uploads/image-type';
import { invalidField, readFormWithFile } from '../uploads/multipart-form';
import { PROFILE_MEDIA_FOLDERS, removeReplacedProfileMedia } from './replaced-profile-media';
import { AvatarLookup } from './avatar-lookup';

/** Avatars and banners: which profile fields they set. */
const MEDIA = {
  avatar: { field: 'avatar', animatedFlag: 'isAnimatedAvatar', what: 'Аватар' },
  banner: { field: 'profileBanner', animatedFlag: 'isAnimatedBanner', what: 'Баннер' },
} as const;
type MediaKind = keyof typeof MEDIA;

/** Russian messages of the uploads (the web client checks the same limits before sending). */
export const PROFILE_MEDIA_MESSAGES = {
  notMultipart: 'Отправьте файл формой multipart/form-data (поле file)',
  fileMissing: 'Выберите файл: PNG, JPEG, WebP, GIF или WebM',
  type: (what: string) => `${what}: подходят только изображения PNG, JPEG, WebP, GIF или видео WebM`,
  tooLarge: (what: string, maxBytes: number) => `${what} слишком большой: не больше ${formatSize(maxBytes)}`,
} as const;

/** "2 МБ", "1,5 МБ", "500 КБ". */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('ru-RU')} КБ`;
}

interface Upload {
  content: Buffer;
  type: ProfileMediaType;
}

/** Reads the one file of the form, checking its size while it streams and its type by content. */
async function readUpload(request: FastifyRequest, kind: MediaKind, maxBytes: number): Promise<Upload> {
  const { what } = MEDIA[kind];
  const { file } = await readFormWithFile(request, {
    maxBytes,
    messages: { notMultipart: PROFILE_MEDIA_MESSAGES.notMultipart, tooLarge: PROFILE_MEDIA_MESSAGES.tooLarge(what, maxBytes) },
  });
  if (!file) throw invalidField('file', PROFILE_MEDIA_MESSAGES.fileMissing);
  const type = detectProfileMediaType(file);
  if (!type) throw invalidField('file', PROFILE_MEDIA_MESSAGES.type(what));
  return { content: file, type };
}

export interface ProfileMediaLimits {
  avatarMaxBytes: number;
  bannerMaxBytes: number;
}

/**
 * POST (upload) and DELETE (remove) /api/users/me/avatar and /api/users/me/banner. Built from the
 * gateway's settings (the size limits), so the gateway module registers it with one line.
 */
export function createProfileMediaController(config: Pick<GatewayEnv, 'AVATAR_MAX_BYTES' | 'BANNER_MAX_BYTES'>): Type<unknown> {
  const limits: Record<MediaKind, number> = { avatar: config.AVATAR_MAX_BYTES, banner: config.BANNER_MAX_BYTES };

  @ApiTags('users')
  @Controller('users/me')
  class ProfileMediaController {
    constructor(
      readonly rpc: RpcClient,
      readonly storage: FileStorage,
      readonly avatars: AvatarLookup,
    ) {}

    @Post('avatar')
    @RequireUser()
    @Writes()
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
    @ApiOperation({ summary: `Upload an avatar: PNG, JPEG, WebP, GIF or WebM by content, up to ${formatSize(limits.avatar)}; answers the updated user` })
    avatar(@Req() request: FastifyRequest, @Meta() meta: RpcMeta): Promise<SelfUser> {
      return this.replace('avatar', request, meta);
    }

    @Post('banner')
    @RequireUser()
    @Writes()
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
    @ApiOperation({ summary: `Upload a profile banner: PNG, JPEG, WebP, GIF or WebM by content, up to ${formatSize(limits.banner)}; answers the updated user` })
    banner(@Req() request: FastifyRequest, @Meta() meta: RpcMeta): Promise<SelfUser> {
      return this.replace('banner', request, meta);
    }

    @Delete('avatar')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Remove the avatar (the default shows instead) and delete its file if it was an upload of this user; answers the updated user' })
    removeAvatar(@Meta() meta: RpcMeta): Promise<SelfUser> {
      return this.remove('avatar', meta);
    }

    @Delete('banner')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'Remove the profile banner (the default shows instead) and delete its file if it was an upload of this user; answers the updated user',
    })
    removeBanner(@Meta() meta: RpcMeta): Promise<SelfUser> {
      return this.remove('banner', meta);
    }

    /** Stores the file and points the profile at it. A refused update removes the new file again: a failure changes nothing. */
    async replace(kind: MediaKind, request: FastifyRequest, meta: RpcMeta): Promise<SelfUser> {
      const folder = PROFILE_MEDIA_FOLDERS[MEDIA[kind].field];
      const upload = await readUpload(request, kind, limits[kind]);
      const { user: before } = await this.rpc.send('auth.session.verify', {}, meta);
      const name = `${before.id}-${randomUUID()}.${upload.type.extension}`;
      await this.storage.put(`${folder}/${name}`, upload.content);
      try {
        return await this.point(kind, before, name, upload.type.animated, meta);
      } catch (error) {
        await this.storage.remove(`${folder}/${name}`).catch(() => undefined);
        throw error;
      }
    }

    async remove(kind: MediaKind, meta: RpcMeta): Promise<SelfUser> {
      const { user: before } = await this.rpc.send('auth.session.verify', {}, meta);
      return this.point(kind, before, null, false, meta);
    }

    /** Sets the profile's file of that kind (null: none), then deletes the user's previous upload of that kind. */
    async point(kind: MediaKind, before: SelfUser, name: string | null, animated: boolean, meta: RpcMeta): Promise<SelfUser> {
      const { field, animatedFlag } = MEDIA[kind];
      const changes: ProfileUpdate = { [field]: name, [animatedFlag]: animated };
      const user = await this.rpc.send('auth.profile.update', changes, meta);
      this.avatars.forget(user.username);
      await removeReplacedProfileMedia(this.storage, before, user);
      return user;
    }
  }

  return ProfileMediaController;
}
