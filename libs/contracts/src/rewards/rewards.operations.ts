import { z } from 'zod';
import { listOwnerParamsSchema } from '../community/community.schemas';
import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import { CARD_UPLOAD_MAX_MB } from './cards.dto';
import { cardCreateSchema, cardGrantAwaitSchema, cardIdParamsSchema, cardUpdateSchema } from './cards.schemas';
import { pointsHistoryQuerySchema, rouletteSpinBodySchema } from './points.schemas';
import {
  achievementItemSchema,
  cardCatalogueSchema,
  cardCollectionSchema,
  cardItemSchema,
  cardOwnersSchema,
  cardRewardAnswerSchema,
  pointsBalanceSchema,
  rouletteInfoSchema,
  rouletteSpinSchema,
} from './rewards.answers';

/**
 * Collectible cards (docs/rewards.md, «Карточки»): the catalogue, collections and owners are public;
 * admins add (the gateway's upload route stores the file, then sends `create`), edit and retire cards.
 */
export const CARDS_OPERATIONS = {
  list: defineOperation({
    pattern: 'rewards.cards.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/cards' },
    summary: 'The card catalogue: every card not retired, with rarity and drop weight',
    notes: 'Commonest first, then by title.',
    request: emptySchema,
    answer: cardCatalogueSchema,
  }),
  owners: defineOperation({
    pattern: 'rewards.card.owners',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/cards/:id/owners' },
    summary: 'Who has a card: the top 50 owners by copies, and how many own it',
    notes: '`owners` are `{ username, avatar, count }`. 404 «Карточка не найдена».',
    request: cardIdParamsSchema,
    answer: cardOwnersSchema,
  }),
  mine: defineOperation({
    pattern: 'rewards.cards.mine',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/users/me/cards' },
    summary: "The signed-in user's collection: every card, the owned ones with counts, «собрано N из M»",
    notes: '`cards` is every card not retired plus the retired ones the user owns; `owned` is `[{ card, count, firstGrantedAt }]`; `collected` of `total`.',
    request: emptySchema,
    answer: cardCollectionSchema,
  }),
  ofUser: defineOperation({
    pattern: 'rewards.cards.of-user',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username/cards' },
    summary: "A user's collection (public); 404 for an unknown nickname",
    request: listOwnerParamsSchema,
    answer: cardCollectionSchema,
  }),
  create: defineOperation({
    pattern: 'rewards.card.create',
    kind: 'write',
    access: 'admin',
    summary: `Admin: add a card whose file the gateway stored (POST /api/admin/cards: PNG, JPEG, WebP or WebM by content, up to ${CARD_UPLOAD_MAX_MB} MB)`,
    request: cardCreateSchema,
    answer: cardItemSchema,
  }),
  update: defineOperation({
    pattern: 'rewards.card.update',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/admin/cards/:id' },
    summary: 'Admin: change a card (title, description, rarity, weight: the fields given)',
    notes: 'At least one field.',
    request: cardUpdateSchema,
    answer: cardItemSchema,
  }),
  retire: defineOperation({
    pattern: 'rewards.card.retire',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/admin/cards/:id' },
    summary: 'Admin: retire a card: no longer dropped, kept in the collections that have it',
    notes: 'Answers the retired card: never drawn again.',
    request: cardIdParamsSchema,
    answer: cardItemSchema,
  }),
  awaitGrant: defineOperation({
    pattern: 'rewards.grant.await',
    kind: 'read',
    access: 'public',
    summary: 'The gateway: the grant under a key as soon as it exists, else nulls after `waitMs` (docs/rewards.md, «Grants and exactly once»)',
    request: cardGrantAwaitSchema,
    answer: cardRewardAnswerSchema,
  }),
};

/** Points, the roulette and achievements (docs/rewards.md): always the caller's own, but achievements are public. */
export const ECONOMY_OPERATIONS = {
  points: defineOperation({
    pattern: 'rewards.points.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/users/me/points' },
    summary: 'The balance (spendable), XP, rank and next rank, and the points history newest first (`?cursor=` for older)',
    notes:
      "`cursor` is the previous page's `nextCursor` (anything else: 400 «Некорректный курсор истории очков»). `history` holds 20 entries `{ id, kind, amount, createdAt }` (a spin is negative); `nextRank` is `{ name, minXp }` or null.",
    request: pointsHistoryQuerySchema,
    answer: pointsBalanceSchema,
  }),
  roulette: defineOperation({
    pattern: 'rewards.roulette.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/user/roulette' },
    summary: 'The roulette: the price of a spin, the balance, the odds by rarity and the recent spins',
    notes: '`odds` are `[{ rarity, share }]`; `recent` the last 10 spins, `{ spinId, cardTitle, rarity, createdAt }`.',
    request: emptySchema,
    answer: rouletteInfoSchema,
  }),
  spin: defineOperation({
    pattern: 'rewards.roulette.spin',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/user/spin-roulette', status: 200 },
    summary:
      'Spin: debits REWARDS_SPIN_COST and grants a card drawn by weight, in one transaction; `cost` and `result` in the body are ignored; 400 «Недостаточно очков: нужно N»',
    notes: "`cost` and `result` are the SPEC's names. Nothing changes on the 400; 409 when no card can be drawn.",
    request: rouletteSpinBodySchema,
    answer: rouletteSpinSchema,
  }),
  achievements: defineOperation({
    pattern: 'rewards.achievements.mine',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/users/me/achievements' },
    summary: "The signed-in user's achievements with their dates",
    notes: 'Newest first; `kind` is genre, franchise, list-size, streak or first-review.',
    request: emptySchema,
    answer: z.array(achievementItemSchema),
  }),
  achievementsOf: defineOperation({
    pattern: 'rewards.achievements.of-user',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username/achievements' },
    summary: "A user's achievements with their dates (public); 404 for an unknown nickname",
    request: listOwnerParamsSchema,
    answer: z.array(achievementItemSchema),
  }),
};
