import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, HttpCode, Post, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { GatewayEnv } from '@portal/config';
import { CARD_MEDIA_FOLDER, CARD_MESSAGES, CARD_UPLOAD_MAX_MB, type CardItem, type RpcMeta } from '@portal/contracts';
import { cardCreateSchema, fieldErrorsOf } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { detectImageType, ebmlDocType } from '../uploads/image-type';
import { invalid, invalidField, readFormWithFile } from '../uploads/multipart-form';

/** The type of an uploaded card by content: PNG, JPEG, WebP or WebM; an SVG (or any XML) is refused, it could carry script. */
export function detectCardType(bytes: Buffer): { extension: 'png' | 'jpg' | 'webp' | 'webm' } | 'svg' | null {
  const image = detectImageType(bytes);
  if (image && (image.extension === 'png' || image.extension === 'jpg' || image.extension === 'webp')) return { extension: image.extension };
  if (ebmlDocType(bytes) === 'webm') return { extension: 'webm' };
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<')) return 'svg';
  return null;
}

/**
 * Adding a collectible card (docs/rewards.md, «Карточки»): the admin's multipart upload, stored in
 * MEDIA_DIR/cards under its content hash, then the card itself (CARDS_OPERATIONS.create). The other
 * card routes are declared operations; the files are served by serveCards at /api/cards/{file}.
 */
export function createCardsController(config: Pick<GatewayEnv, 'MEDIA_DIR'>): Type<unknown> {
  const folder = join(config.MEDIA_DIR, CARD_MEDIA_FOLDER);
  const maxBytes = CARD_UPLOAD_MAX_MB * 1024 * 1024;

  @ApiTags('cards')
  @Controller()
  class CardsController {
    constructor(readonly rpc: RpcClient) {}

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
    @ApiOperation({
      summary: `Admin: add a card (PNG, JPEG, WebP or WebM by content, up to ${CARD_UPLOAD_MAX_MB} MB; SVG refused) with title, description, rarity and weight`,
    })
    async create(@Req() request: FastifyRequest, @Meta() meta: RpcMeta): Promise<CardItem> {
      const form = await readFormWithFile(request, {
        fileField: 'file',
        maxBytes,
        messages: { notMultipart: CARD_MESSAGES.notMultipart, tooLarge: CARD_MESSAGES.fileTooLarge(CARD_UPLOAD_MAX_MB) },
      });
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
  }

  return CardsController;
}
