import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type AuthenticatedUser,
  type CardAuditState,
  CARD_MESSAGES,
  type CardCatalogue,
  type CardCollection,
  type CardItem,
  type CardOwners,
  ErrorCode,
  type RpcMeta,
} from '@portal/contracts';
import type { CardCreateRequest, CardUpdateRequest } from '@portal/contracts/schemas';
import { OutboxPublisher, RemoteServiceError, RpcClient } from '@portal/messaging';
import { passedOn, RpcError } from '@portal/platform';
import { CardsRepository } from './cards.repository';
import { type CardRow, cardView } from './card-view';

export const CARD_OWNERS_SHOWN = 50;

/** The catalogue, its admin, collections and owners (docs/rewards.md, «Карточки»). */
@Injectable()
export class CardsService {
  constructor(
    private readonly cards: CardsRepository,
    private readonly rpc: RpcClient,
    private readonly outbox: OutboxPublisher,
  ) {}

  async catalogue(): Promise<CardCatalogue> {
    return { cards: (await this.cards.catalogue()).map(cardView) };
  }

  /** Each admin change is published in its transaction (`rewards.card.changed`): the moderation's audit log records it. */
  async create(admin: AuthenticatedUser, request: CardCreateRequest): Promise<CardItem> {
    const row = await this.cards.transaction(async (manager) => {
      const inserted = await this.cards.insert(
        { title: request.title, description: request.description ?? '', rarity: request.rarity, weight: request.weight, file: request.file },
        manager,
      );
      if (!inserted) throw RpcError.of(ErrorCode.Conflict, CARD_MESSAGES.duplicateFile);
      await this.outbox.publish(manager, 'rewards.card.changed', {
        cardId: inserted.id,
        actorId: admin.id,
        action: 'created',
        before: null,
        after: auditState(inserted),
      });
      return inserted;
    });
    this.outbox.afterCommit();
    return cardView(row);
  }

  async update(admin: AuthenticatedUser, { id, ...fields }: CardUpdateRequest): Promise<CardItem> {
    return this.change(admin, id, 'updated', (manager) => this.cards.update(id, fields, manager));
  }

  async retire(admin: AuthenticatedUser, id: string): Promise<CardItem> {
    return this.change(admin, id, 'retired', (manager) => this.cards.retire(id, manager));
  }

  private async change(
    admin: AuthenticatedUser,
    id: string,
    action: 'updated' | 'retired',
    write: (manager: EntityManager) => Promise<CardRow | null>,
  ): Promise<CardItem> {
    const row = await this.cards.transaction(async (manager) => {
      const before = found(await this.cards.lock(manager, id));
      const after = found(await write(manager));
      await this.outbox.publish(manager, 'rewards.card.changed', {
        cardId: id,
        actorId: admin.id,
        action,
        before: auditState(before),
        after: auditState(after),
      });
      return after;
    });
    this.outbox.afterCommit();
    return cardView(row);
  }

  /** Every card not retired plus the retired ones the user owns; the owned ones with counts. */
  async collection(userId: string): Promise<CardCollection> {
    const [catalogue, owned] = await Promise.all([this.cards.catalogue(), this.cards.owned(userId)]);
    const cards = catalogue.map(cardView);
    for (const row of owned) if (row.retired) cards.push(cardView(row));
    return {
      cards,
      owned: owned.map((row) => ({ card: cardView(row), count: Number(row.count), firstGrantedAt: row.first_granted_at.toISOString() })),
      collected: owned.length,
      total: cards.length,
    };
  }

  /** The top owners with their names and avatars from auth (one call each, at most CARD_OWNERS_SHOWN, in parallel). */
  async owners(id: string, meta: RpcMeta): Promise<CardOwners> {
    const card = found(await this.cards.byId(id));
    const { rows, total } = await this.cards.owners(id, CARD_OWNERS_SHOWN);
    const users = await Promise.all(
      rows.map((row) =>
        this.rpc.send('auth.user.by-id', { userId: row.user_id }, { requestId: meta.requestId }).catch((error: unknown) => {
          if (error instanceof RemoteServiceError && error.payload.code === ErrorCode.NotFound) return null;
          throw passedOn(error);
        }),
      ),
    );
    const owners = rows.flatMap((row, index) => {
      const user = users[index];
      return user ? [{ username: user.username, avatar: user.avatar, count: Number(row.count) }] : [];
    });
    return { card: cardView(card), owners, ownersCount: total };
  }
}

function auditState(row: CardRow): CardAuditState {
  return { title: row.title, description: row.description, rarity: row.rarity, weight: Number(row.weight), file: row.file, retired: row.retired };
}

function found(row: CardRow | null): CardRow {
  if (!row) throw RpcError.of(ErrorCode.NotFound, CARD_MESSAGES.notFound);
  return row;
}
