import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

type QueryParams = Record<string, string | undefined>;

@ApiTags('catalogue')
@Controller()
export class CataloguePeopleController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('genres')
  @ApiOperation({ summary: 'Genres with Russian names and title counts' })
  genres(@Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.genres.list', {}, meta);
  }

  @Get('genre/:genre')
  @ApiOperation({ summary: 'Titles of one genre' })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  @ApiQuery({ name: 'sort', required: false, enum: ['popularity', 'score', 'new', 'year', 'title'] })
  genre(@Param('genre') genre: string, @Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.genre.anime', { genre, page: query.page as never, limit: query.limit as never, sort: query.sort as never }, meta));
  }

  @Get('characters')
  @ApiOperation({ summary: 'Characters, optionally filtered by name (page 1, 20 per page by default)' })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  characters(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.characters.list', { search: query.search, page: query.page as never, limit: query.limit as never }, meta));
  }

  @Get('characters/:id')
  @ApiOperation({ summary: 'A character with the titles it appears in and its voices' })
  character(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.character.get', { id }, meta);
  }

  @Get('seiyuu/:id')
  @ApiOperation({ summary: 'A voice actor with their roles' })
  seiyuu(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.seiyuu.get', { id }, meta);
  }
}
