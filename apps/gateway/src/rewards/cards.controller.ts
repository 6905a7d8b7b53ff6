import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { GatewayEnv } from '@portal/config';
import { CARD_MEDIA_FOLDER, CARD_MESSAGES, CARD_UPLOAD_MAX_MB, type CardItem, type RpcMeta } from '@portal/contracts';
import { cardCreateSchema, cardIdParamsSchema, cardUpdateBodySchema, fieldErrorsOf, listOwnerParamsSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { detectImageType, ebmlDocType } from '../uploads/image-type';
import { invalid, invalidField, readFormWithFile } from '../uploads/multipart-form';

class CardIdParams extends createZodDto(cardIdParamsSchema) {}
class CardUpdateBody extends createZodDto(cardUpdateBodySchema) {}
class UsernameParams extends createZodDto(listOwnerParamsSchema) {}

/** The type of an uploaded card by content: PNG, JPEG, WebP or WebM; an SVG (or any XML) is refused, it could carry script. */
export function detectCardType(bytes: Buffer): { extension: 'png' | 'jpg' | 'webp' | 'webm' } | 'svg' | null {
  const image = detectImageType(bytes);
  if (image && (image.extension === 'png' || image.extension === 'jpg' || image.extension === 'webp')) return { extension: image.extension };
  if (ebmlDocType(bytes) === 'webm') return { extension: 'webm' };
  const head = bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<')) return 'svg';
  return null;
}

/**
 * Collectible cards (docs/rewards.md, «Карточки»): the catalogue, collections and owners are public;
 * the admin adds (multipart upload, stored in MEDIA_DIR/cards under its content hash), edits and
 * retires cards. The files themselves are served by serveCards at /api/cards/{file}.
 */
export function createCardsController(config: Pick<GatewayEnv, 'MEDIA_DIR'>): Type<unknown> {
  const folder = join(config.MEDIA_DIR, CARD_MEDIA_FOLDER);
  const maxBytes = CARD_UPLOAD_MAX_MB * 1024 * 1024;

  @ApiTags('cards')
  @Controller()
  class CardsController {
    constructor(readonly rpc: RpcClient) {}

    @Get('cards')
    @ApiOperation({ summary: 'The card catalogue: every card not retired, with rarity and drop weight' })
    list(@Meta() meta: RpcMeta) {
      return this.rpc.send('rewards.cards.list', {}, meta);
    }

    @Get('cards/:id/owners')
    @ApiOperation({ summary: 'Who has a card: the top 50 owners by copies, and how many own it' })
    owners(@Param() params: CardIdParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('rewards.card.owners', params, meta);
    }

    @Get('users/me/cards')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: "The signed-in user's collection: every card, the owned ones with counts, «собрано N из M»" })
    mine(@Meta() meta: RpcMeta) {
      return this.rpc.send('rewards.cards.collection', { userId: meta.user!.id }, meta);
    }

    @Get('users/profile/:username/cards')
    @ApiOperation({ summary: "A user's collection (public)" })
    async ofUser(@Param() { username }: UsernameParams, @Meta() meta: RpcMeta) {
      const user = await this.rpc.send('auth.user.profile', { username }, meta);
      return this.rpc.send('rewards.cards.collection', { userId: user.id }, meta);
    }

    @Post('admin/cards')
    @AdminOnly()
    @HttpCode(201)
    @ApiBearerAuth()
    @ApiConsumes('multipart/form-data')
    @ApiBody({
      schema: {
        type: 'object',
        properties: {
          file: { type: 'string', format: 'binary' },
          title: { type: 'string' },
          description: { type: 'string' },
          rarity: { type: 'string', enum: ['common', 'rare', 'epic', 'legendary'] },
          weight: { type: 'integer' },
        },
      },
    })
    @ApiOperation({ summary: `Admin: add a card (PNG, JPEG, WebP or WebM by content, up to ${CARD_UPLOAD_MAX_MB} MB; SVG refused) with title, description, rarity and weight` })
    async create(@Req() request: FastifyRequest, @Meta() meta: RpcMeta): Promise<CardItem> {
      const form = await readFormWithFile(request, { fileField: 'file', maxBytes, messages: { notMultipart: CARD_MESSAGES.notMultipart, tooLarge: CARD_MESSAGES.fileTooLarge(CARD_UPLOAD_MAX_MB) } });
      // The fields first, with a stand-in name: a refused form stores nothing.
      const fields = cardCreateSchema.safeParse({ ...form.fields, file: 'pending.png' });
      if (!fields.success) throw invalid(fieldErrorsOf(fields.error));
      if (!form.file) throw invalidField('file', CARD_MESSAGES.fileMissing);
      const type = detectCardType(form.file);
      if (type === 'svg') throw invalidField('file', CARD_MESSAGES.svgRefused);
      if (!type) throw invalidField('file', CARD_MESSAGES.fileType);
      const file = `${createHash('sha256').update(form.file).digest('hex').slice(0, 32)}.${type.extension}`;
      await mkdir(folder, { recursive: true });
      if (!existsSync(join(folder, file))) {
        const scratch = join(folder, `.${randomUUID()}.part`);
        await writeFile(scratch, form.file);
        await rename(scratch, join(folder, file)).catch(async (error: unknown) => {
          await rm(scratch, { force: true });
          throw error;
        });
      }
      return this.rpc.send('rewards.card.create', { ...fields.data, file }, meta);
    }

    @Put('admin/cards/:id')
    @AdminOnly()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Admin: change a card (title, description, rarity, weight: the fields given)' })
    update(@Param() { id }: CardIdParams, @Body() body: CardUpdateBody, @Meta() meta: RpcMeta) {
      return this.rpc.send('rewards.card.update', { ...body, id }, meta);
    }

    @Delete('admin/cards/:id')
    @AdminOnly()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Admin: retire a card: no longer dropped, kept in the collections that have it' })
    retire(@Param() params: CardIdParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('rewards.card.retire', params, meta);
    }
  }

  return CardsController;
}
