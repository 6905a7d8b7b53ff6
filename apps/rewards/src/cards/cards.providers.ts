import type { Provider } from '@nestjs/common';
import type { RewardsEnv } from '@portal/config';
import { CardPusher } from './card-pusher';
import { CardGrants } from './card-grants.service';
import { CardGrantsWorker } from './card-grants.worker';

/** Cards, their grants and collections (docs/rewards.md, «Карточки»), registered by the rewards module. */
export const CARDS_CONTROLLERS: Array<new (...args: never[]) => unknown> = [];

export const cardsProviders = (_config: RewardsEnv): Provider[] => [CardPusher, CardGrants, CardGrantsWorker];
