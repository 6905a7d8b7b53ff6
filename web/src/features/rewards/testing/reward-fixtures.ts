import type { AchievementItem, CardCollection, CardGranted, CardItem, CardOwners, PointsBalance, RouletteInfo, RouletteSpin } from '@portal/contracts';

/** Cards, collections, points and spins as the rewards endpoints send them (tests and stories). */
export const makeCard = (overrides: Partial<CardItem> = {}): CardItem => ({
  id: 'card-sakura',
  title: 'Сакура под луной',
  description: 'Лепестки в свете полной луны.',
  rarity: 'common',
  file: 'sakura-moon.png',
  weight: 60,
  retired: false,
  ...overrides,
});

export const CATALOGUE: CardItem[] = [
  makeCard(),
  makeCard({ id: 'card-fox', title: 'Кицунэ', rarity: 'rare', file: 'kitsune.png', weight: 25 }),
  makeCard({ id: 'card-dragon', title: 'Небесный дракон', rarity: 'epic', file: 'dragon.webm', weight: 10 }),
  makeCard({ id: 'card-legend', title: 'Легенда фестиваля', rarity: 'legendary', file: 'festival.webm', weight: 5 }),
  makeCard({ id: 'card-cat', title: 'Кот-самурай', rarity: 'common', file: 'samurai-cat.png', weight: 60 }),
];

export const makeGrant = (overrides: Partial<CardGranted> = {}): CardGranted => ({
  grantId: 'grant-1',
  source: 'registration',
  card: makeCard(),
  duplicate: false,
  points: 0,
  ...overrides,
});

/** Owns the sakura card twice and the dragon once, of the five. */
export const makeCollection = (overrides: Partial<CardCollection> = {}): CardCollection => ({
  cards: CATALOGUE,
  owned: [
    { card: CATALOGUE[0]!, count: 2, firstGrantedAt: '2026-11-20T10:00:00.000Z' },
    { card: CATALOGUE[2]!, count: 1, firstGrantedAt: '2026-11-22T18:30:00.000Z' },
  ],
  collected: 2,
  total: CATALOGUE.length,
  ...overrides,
});

export const makeOwners = (overrides: Partial<CardOwners> = {}): CardOwners => ({
  card: CATALOGUE[2]!,
  owners: [
    { username: 'sakura', avatar: null, count: 1 },
    { username: 'hinata', avatar: null, count: 3 },
  ],
  ownersCount: 2,
  ...overrides,
});

export const makePoints = (overrides: Partial<PointsBalance> = {}): PointsBalance => ({
  balance: 250,
  xp: 420,
  rank: 'любитель',
  nextRank: { name: 'знаток', minXp: 700 },
  history: [
    { id: 'p-3', kind: 'roulette.spin', amount: -100, createdAt: '2026-11-25T12:00:00.000Z' },
    { id: 'p-2', kind: 'card.duplicate', amount: 50, createdAt: '2026-11-24T12:00:00.000Z' },
    { id: 'p-1', kind: 'episode.watched', amount: 10, createdAt: '2026-11-23T12:00:00.000Z' },
  ],
  nextCursor: null,
  ...overrides,
});

export const makeRouletteInfo = (overrides: Partial<RouletteInfo> = {}): RouletteInfo => ({
  cost: 100,
  balance: 250,
  odds: [
    { rarity: 'common', share: 0.6 },
    { rarity: 'rare', share: 0.25 },
    { rarity: 'epic', share: 0.1 },
    { rarity: 'legendary', share: 0.05 },
  ],
  recent: [{ spinId: 's-1', cardTitle: 'Кицунэ', rarity: 'rare', createdAt: '2026-11-25T12:00:00.000Z' }],
  ...overrides,
});

export const makeSpin = (overrides: Partial<RouletteSpin> = {}): RouletteSpin => ({
  spinId: 's-2',
  cost: 100,
  reward: makeGrant({ grantId: 'grant-spin', source: 'roulette', card: CATALOGUE[3]! }),
  balance: 150,
  ...overrides,
});

export const ACHIEVEMENTS: AchievementItem[] = [
  { key: 'first-review', kind: 'first-review', title: 'Первая рецензия', description: 'Написать первую рецензию', earnedAt: '2026-11-21T09:00:00.000Z' },
  { key: 'streak:7', kind: 'streak', title: 'Неделя без перерыва', description: 'Смотреть аниме 7 дней подряд', earnedAt: '2026-11-24T21:00:00.000Z' },
];
