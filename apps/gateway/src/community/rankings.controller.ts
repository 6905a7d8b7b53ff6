import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RANK_LADDER, type RankLadder, type RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';

/**
 * The rankings (docs/community.md, «Rankings»): public. The user boards carry the caller's own places,
 * so nothing here is cached at the edge; the rank ladder is the shared contract itself.
 */
@ApiTags('rankings')
@Controller()
export class RankingsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users/rankings')
  @ApiOperation({
    summary:
      'Four user leaderboards as lists of entries (byAnime: titles completed, byComments, byQuiz: quiz successes, byRating: scores given), top 100 each, equal values share a place; `me` holds the signed-in caller’s own place on each board (null for guests and for nothing counted)',
  })
  userRankings(@Meta() meta: RpcMeta) {
    return this.rpc.send('community.rankings.users', {}, meta);
  }

  @Get('rankings/titles')
  @ApiOperation({ summary: 'Titles by our users’ average score (at least RANKINGS_MIN_VOTES scores) and by viewers in the last 7 days' })
  titleRankings(@Meta() meta: RpcMeta) {
    return this.rpc.send('community.rankings.titles', {}, meta);
  }

  @Get('ranks')
  @ApiOperation({ summary: 'The rank ladder (новичок … сэнпай … легенда) with the points (XP) each rank needs' })
  ranks(): RankLadder {
    return { ranks: [...RANK_LADDER] };
  }
}
