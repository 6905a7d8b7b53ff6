import type { Provider } from '@nestjs/common';
import type { CommunityEnv } from '@portal/config';
import { RankingListEventsListener } from './listeners/list-events.listener';
import { RankingQuizResultsListener } from './listeners/quiz-results.listener';
import { RankingCountersRepository } from './ranking-counters.repository';
import { RankingsMessageController } from './rankings.message-controller';
import { TITLE_RANKINGS_SETTINGS, TitleRankingsReader, type TitleRankingsSettings } from './services/title-rankings-reader';
import { UserRankingsReader } from './services/user-rankings-reader';
import { TitleRankingsRepository } from './title-rankings.repository';

/**
 * The rankings, registered by the community module in one line each. The comments service keeps the
 * comment board itself (RankingCountersRepository, in its own transactions); the account read model
 * is the comments' UserRefsRepository.
 */
export const RANKINGS_CONTROLLERS = [RankingsMessageController];

export const rankingsProviders = (config: CommunityEnv): Provider[] => [
  {
    provide: TITLE_RANKINGS_SETTINGS,
    useValue: { minVotes: config.RANKINGS_MIN_VOTES, cacheMs: config.RANKINGS_TITLES_CACHE_SECONDS * 1000 } satisfies TitleRankingsSettings,
  },
  RankingCountersRepository,
  TitleRankingsRepository,
  UserRankingsReader,
  TitleRankingsReader,
  RankingListEventsListener,
  RankingQuizResultsListener,
];
