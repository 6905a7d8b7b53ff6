import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { animeCreateSchema, animePatchSchema, catalogueIdParamsSchema, savePosterSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { CatalogueResponseCache } from './catalogue-response-cache';
import { PosterProxy } from './posters/poster-proxy';

class AnimeIdParams extends createZodDto(catalogueIdParamsSchema) {}
class AnimeCreateBody extends createZodDto(animeCreateSchema) {}
class AnimePatchBody extends createZodDto(animePatchSchema) {}
class SavePosterBody extends createZodDto(savePosterSchema) {}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const sendSvg = (reply: FastifyReply, svg: string, cacheControl: string) =>
  reply
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Cache-Control', cacheControl)
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('X-Content-Type-Options', 'nosniff')
    .send(svg);

/**
 * The anime catalogue's routes that do more than forward: the posters (images and redirects) and the
 * admin's writes, which refresh the response cache. The public reads are declared operations
 * (CATALOGUE_OPERATIONS, routed by OperationsController), cached by URL all the same (catalogue-response-cache).
 */
@ApiTags('anime')
@Controller()
export class AnimeController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogueResponseCache,
    private readonly posters: PosterProxy,
  ) {}

  @Get('anime/:id/poster.svg')
  @ApiOperation({ summary: 'Generated poster (SVG) for a title without one' })
  async generatedPoster(@Param() params: AnimeIdParams, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    const { svg } = await this.rpc.send('catalogue.anime.poster', params, meta);
    // The URL carries the title's version, so the image never changes under it.
    return sendSvg(reply, svg, IMMUTABLE);
  }

  @Get('anime/:id/poster')
  @ApiOperation({ summary: "The title's poster from the portal's own origin (WebP, 480 px wide), else its generated one; a redirect for posters elsewhere" })
  async poster(@Param() params: AnimeIdParams, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    // One read of the title row: its poster's address, and the generated stand-in should that fail.
    const { id, svg, source } = await this.rpc.send('catalogue.anime.poster', params, meta);
    const answer = await this.posters.answer(id, source);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
    // A failed fetch is tried again later: its stand-in is kept only a few minutes.
    if (answer.kind === 'generated') return sendSvg(reply, svg, 'public, max-age=300');
    return reply.header('Content-Type', 'image/webp').header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff').send(answer.body);
  }

  @Post('anime')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Add a title (admins only)' })
  create(@Body() body: AnimeCreateBody, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.create', body, meta));
  }

  @Put('anime/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change fields of a title (admins only); like PATCH, the fields sent are the ones changed' })
  replace(@Param() { id }: AnimeIdParams, @Body() body: AnimePatchBody, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.patch', { id, anime: body }, meta));
  }

  @Patch('anime/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change fields of a title (admins only)' })
  patch(@Param() { id }: AnimeIdParams, @Body() body: AnimePatchBody, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.patch', { id, anime: body }, meta));
  }

  @Delete('anime/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Remove a title (admins only)' })
  remove(@Param() params: AnimeIdParams, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.delete', params, meta));
  }

  @Post('anime/save-poster')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Set a title's poster URL (admins only)" })
  savePoster(@Body() body: SavePosterBody, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.poster.save', body, meta));
  }
}
