import type { Provider } from '@nestjs/common';
import type { RewardsEnv } from '@portal/config';
import { RankPusher } from '../ranks/rank-pusher';
import { ActivityListener } from './activity.listener';
import { ECONOMY_SETTINGS, type EconomySettings } from './economy-settings';
import { GrantRequestsListener } from './grant-requests.listener';
import { EconomyRepository } from './economy.repository';
import { ListsListener } from './lists.listener';
import { RankChangedListener } from './rank-changed.listener';
import { RegistrationListener } from './registration.listener';
import { ReviewsListener } from './reviews.listener';
import { TitleGenres } from './title-genres';
import { WatchingListener } from './watching.listener';

/** Every event the rewards service consumes (one handler per event and service), registered by the rewards module. */
export const listenersProviders = (config: RewardsEnv): Provider[] => [
  { provide: ECONOMY_SETTINGS, useValue: { episodesPerCard: config.REWARDS_EPISODES_PER_CARD } satisfies EconomySettings },
  RankPusher,
  EconomyRepository,
  TitleGenres,
  RegistrationListener,
  ReviewsListener,
  ListsListener,
  ActivityListener,
  WatchingListener,
  RankChangedListener,
  GrantRequestsListener,
];
