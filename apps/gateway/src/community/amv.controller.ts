import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, HttpCode, Param, Post, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { GatewayEnv } from '@portal/config';
import { AMV_MEDIA_FOLDER, AMV_MESSAGES, type AmvUpload } from '@portal/contracts';
import { amvParamsSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { type GatewayRequest, metaOf } from '../http/request-meta.decorator';
import { invalid, invalidField, malformedMultipart, tooLarge } from '../uploads/multipart-form';

class AmvParams extends createZodDto(amvParamsSchema) {}

/** The real type of a video by its first bytes: MP4 (an `ftyp` box) or WebM (EBML with the webm doctype). */
export function detectVideoType(head: Buffer): 'mp4' | 'webm' | null {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.subarray(0, 64).includes('webm', 0, 'latin1')) return 'webm';
  return null;
}

const HEAD_BYTES = 64;

/** A guest is known by a hash of address and browser (nothing personal is stored), a user by id. */
function viewerOf(request: GatewayRequest): string {
  if (request.user) return `user:${request.user.id}`;
  const agent = String(request.headers['user-agent'] ?? '');
  return `guest:${createHash('sha256').update(`${request.ip}\n${agent}`).digest('hex').slice(0, 40)}`;
}

/**
 * What AMV clips need beyond their declared operations (AMV_OPERATIONS, AMV_PLAYLIST_OPERATIONS and an
 * AMV's comments in COMMENTS_OPERATIONS, routed by OperationsController; docs/community.md, «AMV»): the
 * video upload, which streams the file to MEDIA_DIR/amv/uploads, checking its type by content and its
 * size as it arrives; and the view count, which names the viewer from the request.
 */
export function createAmvController(config: Pick<GatewayEnv, 'MEDIA_DIR' | 'AMV_UPLOAD_MAX_MB'>): Type<unknown> {
  const maxBytes = config.AMV_UPLOAD_MAX_MB * 1024 * 1024;
  const uploadsDir = join(config.MEDIA_DIR, AMV_MEDIA_FOLDER, 'uploads');

  @ApiTags('amv')
  @Controller()
  class AmvController {
    constructor(readonly rpc: RpcClient) {}

    @Post('amv/upload')
    @AdminOnly()
    @HttpCode(201)
    @ApiBearerAuth()
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
    @ApiOperation({ summary: `Admin: upload an AMV video (MP4 or WebM by content, up to ${config.AMV_UPLOAD_MAX_MB} MB); answers its uploadId for POST /amv` })
    upload(@Req() request: FastifyRequest): Promise<AmvUpload> {
      return this.store(request);
    }

    @Post('amv/:id/view')
    @HttpCode(200)
    @ApiOperation({ summary: 'Count a view (the player calls it on play): once per viewer — user, or a guest by address and browser — per day' })
    view(@Param() { id }: AmvParams, @Req() request: GatewayRequest) {
      return this.rpc.send('community.amv.view', { id, viewer: viewerOf(request) }, metaOf(request));
    }

    /** Streams the one file of the form to a scratch name, then renames it to `<uuid>.<type>`; a refusal leaves nothing. */
    async store(request: FastifyRequest): Promise<AmvUpload> {
      if (!request.isMultipart()) throw invalid([{ field: 'body', message: AMV_MESSAGES.notMultipart }]);
      await mkdir(uploadsDir, { recursive: true });
      const id = randomUUID();
      const scratch = join(uploadsDir, `.${id}.part`);
      let type: 'mp4' | 'webm' | null | undefined;
      let head = Buffer.alloc(0);
      let size = 0;
      let truncated = false;
      let found = false;
      try {
        const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 }, throwFileSizeLimit: false });
        if (part) {
          found = true;
          // Once the head shows a wrong type the rest is read and dropped, so the client gets its answer.
          const check = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              size += chunk.length;
              if (type === undefined) {
                head = Buffer.concat([head, chunk]);
                if (head.length >= HEAD_BYTES) type = detectVideoType(head);
              }
              done(null, type === null ? undefined : chunk);
            },
            flush(done) {
              if (type === undefined) type = detectVideoType(head);
              done();
            },
          });
          await pipeline(part.file, check, createWriteStream(scratch));
          truncated = part.file.truncated;
        }
      } catch (error) {
        await rm(scratch, { force: true });
        throw malformedMultipart(error) ?? error;
      }
      if (!found || size === 0) {
        await rm(scratch, { force: true });
        throw invalidField('file', AMV_MESSAGES.fileMissing);
      }
      if (truncated) {
        await rm(scratch, { force: true });
        throw tooLarge('file', AMV_MESSAGES.fileTooLarge(config.AMV_UPLOAD_MAX_MB));
      }
      if (!type) {
        await rm(scratch, { force: true });
        throw invalidField('file', AMV_MESSAGES.fileType);
      }
      const uploadId = `${id}.${type}`;
      await rename(scratch, join(uploadsDir, uploadId));
      return { uploadId, mimeType: type === 'mp4' ? 'video/mp4' : 'video/webm', size };
    }
  }

  return AmvController;
}
