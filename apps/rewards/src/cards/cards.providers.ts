import type { Provider } from '@nestjs/common';
import type { RewardsEnv } from '@portal/config';
import { CardAwait } from './card-await.service';
import { CardPusher } from './card-pusher';
import { CardGrants } from './card-grants.service';
import { CardGrantsWorker } from './card-grants.worker';
import { CARDS_SETTINGS, type CardsSettings } from './card-settings';
import { CardsMessageController } from './cards.message-controller';
import { CardsRepository } from './cards.repository';
import { CardsService } from './cards.service';
import { CardSeeds } from './files/card-seeds';

/** Cards, their grants and collections (docs/rewards.md, «Карточки»), registered by the rewards module. */
export const CARDS_CONTROLLERS = [CardsMessageController];

export const cardsProviders = (config: RewardsEnv): Provider[] => [
  { provide: CARDS_SETTINGS, useValue: { mediaDir: config.MEDIA_DIR, videos: config.CARD_VIDEOS } satisfies CardsSettings },
  CardsRepository,
  CardsService,
  CardSeeds,
  CardAwait,
  CardPusher,
  CardGrants,
  CardGrantsWorker,
];
