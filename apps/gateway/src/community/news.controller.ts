import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { NEWS_COVER_MAX_BYTES, NEWS_MESSAGES, type NewsCoverUpload } from '@portal/contracts';
import { AdminOnly } from '../auth/access.guard';
import { FileStorage } from '../uploads/file-storage';
import { invalidField, readFormWithFile } from '../uploads/multipart-form';
import { storeNewsCover } from './news-cover';

/**
 * What news need beyond their declared operations (NEWS_OPERATIONS, and a news item's comments in
 * COMMENTS_OPERATIONS, routed by OperationsController): the cover upload, resized here where the uploads live.
 */
@ApiTags('news')
@Controller()
export class NewsController {
  constructor(private readonly storage: FileStorage) {}

  @Post('admin/news/covers')
  @AdminOnly()
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary:
      'Admin: upload a cover (JPEG, PNG, WebP or GIF by content, up to 8 MB); stored as WebP at 320/640/1280 px. Send {id, widths} as the news item’s cover',
  })
  async cover(@Req() request: FastifyRequest): Promise<NewsCoverUpload> {
    const { file } = await readFormWithFile(request, {
      fileField: 'file',
      maxBytes: NEWS_COVER_MAX_BYTES,
      messages: { notMultipart: NEWS_MESSAGES.notMultipart, tooLarge: NEWS_MESSAGES.coverTooLarge },
    });
    if (!file) throw invalidField('file', NEWS_MESSAGES.coverMissing);
    return storeNewsCover(this.storage, file);
  }
}
