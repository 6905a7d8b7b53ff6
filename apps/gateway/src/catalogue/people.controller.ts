import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { catalogueIdParamsSchema, charactersQuerySchema, genreParamsSchema, genreQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

class GenreParams extends createZodDto(genreParamsSchema) {}
class GenreQuery extends createZodDto(genreQuerySchema) {}
class CharactersQuery extends createZodDto(charactersQuerySchema) {}
class PersonIdParams extends createZodDto(catalogueIdParamsSchema) {}

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
  genre(@Param() { genre }: GenreParams, @Query() query: GenreQuery, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.genre.anime', { ...query, genre }, meta));
  }

  @Get('characters')
  @ApiOperation({ summary: 'Characters, optionally filtered by name (page 1, 20 per page by default)' })
  characters(@Query() query: CharactersQuery, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.characters.list', query, meta));
  }

  @Get('characters/:id')
  @ApiOperation({ summary: 'A character with the titles it appears in and its voices' })
  character(@Param() params: PersonIdParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.character.get', params, meta);
  }

  @Get('seiyuu/:id')
  @ApiOperation({ summary: 'A voice actor with their roles' })
  seiyuu(@Param() params: PersonIdParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.seiyuu.get', params, meta);
  }
}
