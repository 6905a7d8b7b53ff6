import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RANK_LADDER, type RankLadder } from '@portal/contracts';

/** The rank ladder (docs/rewards.md): the shared contract itself. The boards are RANKINGS_OPERATIONS, routed by OperationsController. */
@ApiTags('rankings')
@Controller()
export class RankingsController {
  @Get('ranks')
  @ApiOperation({ summary: 'The rank ladder (новичок … сэнпай … легенда) with the points (XP) each rank needs' })
  ranks(): RankLadder {
    return { ranks: [...RANK_LADDER] };
  }
}
