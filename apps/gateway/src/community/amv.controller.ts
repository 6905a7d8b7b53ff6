import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { GatewayEnv } from '@portal/config';
import { AMV_MEDIA_FOLDER, AMV_MESSAGES, type AmvUpload, type RpcMeta } from '@portal/contracts';
import {
  amvAdjacentQuerySchema,
  amvCommentBodySchema,
  amvCreateSchema,
  amvListQuerySchema,
  amvParamsSchema,
  amvPlaylistAddSchema,
  amvPlaylistItemParamsSchema,
  amvPlaylistReorderSchema,
  amvSearchQuerySchema,
  amvUpdateBodySchema,
  commentListQuerySchema,
} from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { type GatewayRequest, Meta, metaOf } from '../http/request-meta.decorator';
import { invalid, invalidField, malformedMultipart, tooLarge } from '../uploads/multipart-form';

class AmvCreateBody extends createZodDto(amvCreateSchema) {}
class AmvUpdateBody extends createZodDto(amvUpdateBodySchema) {}
class AmvParams extends createZodDto(amvParamsSchema) {}
class AmvListQuery extends createZodDto(amvListQuerySchema) {}
class AmvAdjacentQuery extends createZodDto(amvAdjacentQuerySchema) {}
class AmvSearchQuery extends createZodDto(amvSearchQuerySchema) {}
class AmvCommentBody extends createZodDto(amvCommentBodySchema) {}
class AmvCommentsQuery extends createZodDto(commentListQuerySchema) {}
class PlaylistAddBody extends createZodDto(amvPlaylistAddSchema) {}
class PlaylistItemParams extends createZodDto(amvPlaylistItemParamsSchema) {}
class PlaylistReorderBody extends createZodDto(amvPlaylistReorderSchema) {}

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
 * AMV clips and the personal AMV playlist (docs/community.md, «AMV»). Reads are public; writes are
 * admin-only here and again in the community (which asks auth). The upload route streams the file to
 * MEDIA_DIR/amv/uploads, checking its type by content and its size as it arrives.
 */
export function createAmvController(config: Pick<GatewayEnv, 'MEDIA_DIR' | 'AMV_UPLOAD_MAX_MB'>): Type<unknown> {
  const maxBytes = config.AMV_UPLOAD_MAX_MB * 1024 * 1024;
  const uploadsDir = join(config.MEDIA_DIR, AMV_MEDIA_FOLDER, 'uploads');

  @ApiTags('amv')
  @Controller()
  class AmvController {
    constructor(readonly rpc: RpcClient) {}

    @Get('amv')
    @ApiOperation({ summary: 'AMV listing in title order, 24 a page; ?letter (А–Я, A–Z or #), ?page, ?search (typo-tolerant), each optional' })
    list(@Query() query: AmvListQuery, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.list', query, meta);
    }

    @Get('amv/top')
    @ApiOperation({ summary: 'The most viewed and the most liked AMVs' })
    top(@Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.top', {}, meta);
    }

    @Get('amv/search')
    @ApiOperation({ summary: 'AMVs whose title, author, music or tags match ?q, typos forgiven; closest first' })
    search(@Query() query: AmvSearchQuery, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.search', query, meta);
    }

    @Get('amv/:id')
    @ApiOperation({ summary: 'One AMV with its video (file, HLS rendition or embedded player)' })
    get(@Param() params: AmvParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.get', params, meta);
    }

    @Get('amv/:id/adjacent')
    @ApiOperation({ summary: 'The previous and next AMV in the listing order (within ?letter and ?search when given)' })
    adjacent(@Param() { id }: AmvParams, @Query() query: AmvAdjacentQuery, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.adjacent', { ...query, id }, meta);
    }

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

    @Post('amv')
    @AdminOnly()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Admin: add an AMV; video is { uploadId } (from POST /amv/upload, transcoded to HLS) or { url } (YouTube, VK Video, Rutube)' })
    create(@Body() body: AmvCreateBody, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.create', body, meta);
    }

    @Put('amv/:id')
    @AdminOnly()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Admin: change an AMV (the fields given)' })
    update(@Param() { id }: AmvParams, @Body() body: AmvUpdateBody, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.update', { ...body, id }, meta);
    }

    @Delete('amv/:id')
    @AdminOnly()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Admin: delete an AMV (and it leaves every playlist)' })
    remove(@Param() params: AmvParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.delete', params, meta);
    }

    @Post('amv/:id/like')
    @RequireUser()
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Like an AMV (once per user; again changes nothing)' })
    like(@Param() params: AmvParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.like', params, meta);
    }

    @Delete('amv/:id/like')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Take the like back' })
    unlike(@Param() params: AmvParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv.unlike', params, meta);
    }

    @Post('amv/:id/view')
    @HttpCode(200)
    @ApiOperation({ summary: 'Count a view (the player calls it on play): once per viewer — user, or a guest by address and browser — per day' })
    view(@Param() { id }: AmvParams, @Req() request: GatewayRequest) {
      return this.rpc.send('community.amv.view', { id, viewer: viewerOf(request) }, metaOf(request));
    }

    @Get('amv/:id/comments')
    @ApiOperation({ summary: "An AMV's comment threads, newest first (the comments of docs/community.md with target amv); ?cursor, ?limit" })
    comments(@Param() { id }: AmvParams, @Query() query: AmvCommentsQuery, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.comments.list', { ...query, target: { type: 'amv', id } }, meta);
    }

    @Post('amv/:id/comments')
    @Writes()
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Comment on an AMV (1-2000 characters), or reply with parentId; edits, deletes and likes go through /comments/:id' })
    comment(@Param() { id }: AmvParams, @Body() body: AmvCommentBody, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.comment.create', { ...body, target: { type: 'amv', id } }, meta);
    }

    @Get('users/me/amv-playlist')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: "The caller's AMV playlist in its order" })
    playlist(@Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv-playlist.get', {}, meta);
    }

    @Post('users/me/amv-playlist')
    @RequireUser()
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Add an AMV to the end of the playlist (409 when it is already there)' })
    addToPlaylist(@Body() body: PlaylistAddBody, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv-playlist.add', body, meta);
    }

    @Delete('users/me/amv-playlist/:amvId')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Remove an AMV from the playlist' })
    removeFromPlaylist(@Param() params: PlaylistItemParams, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv-playlist.remove', params, meta);
    }

    @Put('users/me/amv-playlist')
    @RequireUser()
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Reorder the playlist: ids lists every AMV of it exactly once, in the new order' })
    reorderPlaylist(@Body() body: PlaylistReorderBody, @Meta() meta: RpcMeta) {
      return this.rpc.send('community.amv-playlist.reorder', body, meta);
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
