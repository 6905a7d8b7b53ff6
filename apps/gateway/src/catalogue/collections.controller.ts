import { randomUUID } from 'node:crypto';
import { Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { CollectionWrite, RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { readMultipartForm, type MultipartForm } from '../uploads/multipart-form';
import { CatalogueResponseCache } from './catalogue-response-cache';

type QueryParams = Record<string, string | undefined>;

const COVER_FIELD = 'cover';

/** Form fields arrive as text: "true"/"false" and a JSON (or comma-separated) list of anime ids. */
export function collectionWriteOf(fields: Record<string, string>): CollectionWrite {
  const write: Record<string, unknown> = {};
  if (fields.title !== undefined) write.title = fields.title;
  if (fields.description !== undefined) write.description = fields.description;
  if (fields.featured !== undefined) write.featured = fields.featured === 'true' ? true : fields.featured === 'false' ? false : fields.featured;
  if (fields.animeIds !== undefined) write.animeIds = parseIds(fields.animeIds);
  if (fields.removeCover === 'true') write.cover = null;
  return write as CollectionWrite;
}

function parseIds(value: string): unknown {
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text.split(',').map((id) => (/^\s*\d+\s*$/.test(id) ? Number(id) : id));
}

@ApiTags('collections')
@Controller()
export class CollectionsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
    private readonly cache: CatalogueResponseCache,
  ) {}

  @Get('collections')
  @ApiOperation({ summary: 'Collections, newest first' })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  list(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.collections.list', { page: query.page as never, limit: query.limit as never }, meta));
  }

  @Get('collections/featured')
  @ApiOperation({ summary: 'Collections shown on the home page' })
  featured(@Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.collections.featured', {}, meta);
  }

  @Get('collections/:id')
  @ApiOperation({ summary: 'A collection with its titles' })
  details(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.collection.get', { id }, meta);
  }

  @Post('collections')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Create a collection: title, description, featured, animeIds, optional cover image (JPEG/PNG/WebP/GIF, 5 MB)' })
  async create(@Req() request: FastifyRequest, @Meta() meta: RpcMeta) {
    const form = await readMultipartForm(request, COVER_FIELD);
    return this.cache.afterWrite(
      this.withStoredCover(form, (write) => this.rpc.send('catalogue.collection.create', write as CollectionWrite & { title: string }, meta)),
    );
  }

  @Put('collections/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Change a collection (fields sent are changed; removeCover=true drops the cover)' })
  async update(@Param('id') id: string, @Req() request: FastifyRequest, @Meta() meta: RpcMeta) {
    const form = await readMultipartForm(request, COVER_FIELD);
    const { replacedCover, ...collection } = await this.cache.afterWrite(
      this.withStoredCover(form, (write) => this.rpc.send('catalogue.collection.update', { id, collection: write }, meta)),
    );
    if (replacedCover) await this.storage.remove(replacedCover);
    return collection;
  }

  @Delete('collections/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a collection and its cover' })
  async remove(@Param('id') id: string, @Meta() meta: RpcMeta) {
    const { cover, ...deleted } = await this.cache.afterWrite(this.rpc.send('catalogue.collection.delete', { id }, meta));
    if (cover) await this.storage.remove(cover);
    return deleted;
  }

  /** Stores the cover first and removes it again if the catalogue refuses the write: a failure changes nothing. */
  private async withStoredCover<T>(form: MultipartForm, write: (collection: CollectionWrite) => Promise<T>): Promise<T> {
    const collection = collectionWriteOf(form.fields);
    if (!form.image) return write(collection);
    const key = `collections/${randomUUID()}.${form.image.type.extension}`;
    await this.storage.put(key, form.image.content);
    try {
      return await write({ ...collection, cover: key });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
  }
}
