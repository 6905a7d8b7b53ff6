import { randomUUID } from 'node:crypto';
import { Controller, Delete, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { z } from 'zod';
import type { CollectionWrite, RpcMeta } from '@portal/contracts';
import { catalogueIdParamsSchema, collectionCreateSchema, collectionUpdateSchema, fieldErrorsOf } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { invalid, readMultipartForm, type MultipartForm } from '../uploads/multipart-form';
import { CatalogueResponseCache } from './catalogue-response-cache';

class CollectionIdParams extends createZodDto(catalogueIdParamsSchema) {}

const COVER_FIELD = 'cover';

/**
 * Form fields arrive as text: "true"/"false" and a JSON (or comma-separated) list of anime ids. The
 * result is what the client meant, still unchecked: `collectionFormOf` parses it with the contract schema.
 */
export function collectionWriteOf(fields: Record<string, string>): Record<string, unknown> {
  const write: Record<string, unknown> = {};
  if (fields.title !== undefined) write.title = fields.title;
  if (fields.description !== undefined) write.description = fields.description;
  if (fields.featured !== undefined) write.featured = fields.featured === 'true' ? true : fields.featured === 'false' ? false : fields.featured;
  if (fields.animeIds !== undefined) write.animeIds = parseIds(fields.animeIds);
  if (fields.removeCover === 'true') write.cover = null;
  return write;
}

/** The form's fields as the contract schema accepts them, else the same 400 as a refused JSON body. */
function collectionFormOf<S extends z.ZodType<CollectionWrite>>(schema: S, form: MultipartForm): z.output<S> {
  const result = schema.safeParse(collectionWriteOf(form.fields));
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
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

/**
 * An admin's collection writes, with their cover uploads; each refreshes the catalogue's response cache.
 * The public reads are declared operations (COLLECTIONS_OPERATIONS, routed by OperationsController).
 */
@ApiTags('collections')
@Controller()
export class CollectionsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
    private readonly cache: CatalogueResponseCache,
  ) {}

  @Post('collections')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Create a collection: title, description, featured, animeIds, optional cover image (JPEG/PNG/WebP/GIF, 5 MB)' })
  async create(@Req() request: FastifyRequest, @Meta() meta: RpcMeta) {
    const form = await readMultipartForm(request, COVER_FIELD);
    const collection = collectionFormOf(collectionCreateSchema, form);
    return this.cache.afterWrite(this.withStoredCover(form, collection, (write) => this.rpc.send('catalogue.collection.create', write, meta)));
  }

  @Put('collections/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Change a collection (fields sent are changed; removeCover=true drops the cover)' })
  async update(@Param() { id }: CollectionIdParams, @Req() request: FastifyRequest, @Meta() meta: RpcMeta) {
    const form = await readMultipartForm(request, COVER_FIELD);
    const changes = collectionFormOf(collectionUpdateSchema, form);
    const { replacedCover, ...collection } = await this.cache.afterWrite(
      this.withStoredCover(form, changes, (write) => this.rpc.send('catalogue.collection.update', { id, collection: write }, meta)),
    );
    if (replacedCover) await this.storage.remove(replacedCover);
    return collection;
  }

  @Delete('collections/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a collection and its cover' })
  async remove(@Param() params: CollectionIdParams, @Meta() meta: RpcMeta) {
    const { cover, ...deleted } = await this.cache.afterWrite(this.rpc.send('catalogue.collection.delete', params, meta));
    if (cover) await this.storage.remove(cover);
    return deleted;
  }

  /** Stores the cover first and removes it again if the catalogue refuses the write: a failure changes nothing. */
  private async withStoredCover<W extends CollectionWrite, T>(form: MultipartForm, collection: W, write: (collection: W) => Promise<T>): Promise<T> {
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
