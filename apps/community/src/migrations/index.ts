import { eventTablesMigration } from '@portal/messaging';
import { CreateCommunity1764115200000 } from './1764115200000-create-community';
import { CreateNotifications1764500000000 } from './1764500000000-create-notifications';
import { CreateComments1764600000000 } from './1764600000000-create-comments';
import { CreateReviews1764700000000 } from './1764700000000-create-reviews';
import { CreateNews1764800000000 } from './1764800000000-create-news';
import { CreateAmv1764900000000 } from './1764900000000-create-amv';
import { CreateOrders1765000000000 } from './1765000000000-create-orders';
import { CreateRankings1766500000000 } from './1766500000000-create-rankings';
import { CreateRankingValueCounts1766600000000 } from './1766600000000-create-ranking-value-counts';
import { CreateQuizzes1766000000000 } from './1766000000000-create-quizzes';
import { CreateAmvSamples1767000000000 } from './1767000000000-create-amv-samples';
import { RecomputeAmvLetters1767000000001 } from './1767000000001-recompute-amv-letters';
import { AddListEntriesWatchersIndex1767300000000 } from './1767300000000-add-list-entries-watchers-index';
import { AddProgressWatches1767500000000 } from './1767500000000-add-progress-watches';
import { AddModerationHolds1767200000000 } from './1767200000000-add-moderation-holds';
import { CreateTrackChoices1796900000000 } from './1796900000000-create-track-choices';

/** Every migration of the community schema, in order: the service at boot and its cli/migrate run these. */
export const COMMUNITY_MIGRATIONS: Function[] = [
  // The first migration is the one the platform-only service applied, so existing databases upgrade.
  eventTablesMigration('community', 1763769600000),
  CreateCommunity1764115200000,
  CreateNotifications1764500000000,
  CreateComments1764600000000,
  CreateReviews1764700000000,
  CreateNews1764800000000,
  CreateAmv1764900000000,
  CreateOrders1765000000000,
  CreateQuizzes1766000000000,
  CreateRankings1766500000000,
  CreateRankingValueCounts1766600000000,
  CreateAmvSamples1767000000000,
  RecomputeAmvLetters1767000000001,
  AddModerationHolds1767200000000,
  AddListEntriesWatchersIndex1767300000000,
  AddProgressWatches1767500000000,
  CreateTrackChoices1796900000000,
];
