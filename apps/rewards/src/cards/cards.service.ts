import { Injectable } from '@nestjs/common';
import {
  type AuthenticatedUser,
  CARD_MESSAGES,
  type CardCatalogue,
  type CardCollection,
  type CardItem,
  type CardOwners,
  ErrorCode,
  type RpcMeta,
} from '@portal/contracts';
import type { CardCreateRequest, CardUpdateRequest } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { CardsRepository } from './cards.repository';
import { type CardRow, cardView } from './card-view';

export const CARD_OWNERS_SHOWN = 50;

/** The catalogue, its admin, collections and owners (docs/rewards.md, «Карточки»). */
@Injectable()
export class CardsService {
  constructor(
    private readonly cards: CardsRepository,
    private readonly rpc: RpcClient,
  ) {}

  async catalogue(): Promise<CardCatalogue> {
    return { cards: (await this.cards.catalogue()).map(cardView) };
  }

  async create(user: AuthenticatedUser | undefined, request: CardCreateRequest, meta: RpcMeta): Promise<CardItem> {
    await this.requireAdmin(user, meta);
    const row = await this.cards.insert({ title: request.title, description: request.description ?? '', rarity: request.rarity, weight: request.weight, file: request.file });
    if (!row) throw RpcError.of(ErrorCode.Conflict, CARD_MESSAGES.duplicateFile);
    return cardView(row);
  }

  async update(user: AuthenticatedUser | undefined, { id, ...fields }: CardUpdateRequest, meta: RpcMeta): Promise<CardItem> {
    await this.requireAdmin(user, meta);
    return cardView(found(await this.cards.update(id, fields)));
  }

  async retire(user: AuthenticatedUser | undefined, id: string, meta: RpcMeta): Promise<CardItem> {
    await this.requireAdmin(user, meta);
    return cardView(found(await this.cards.retire(id)));
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
          throw error instanceof RemoteServiceError ? new RpcError(error.payload) : error;
        }),
      ),
    );
    const owners = rows.flatMap((row, index) => {
      const user = users[index];
      return user ? [{ username: user.username, avatar: user.avatar, count: Number(row.count) }] : [];
    });
    return { card: cardView(card), owners, ownersCount: total };
  }

  /** The gateway lets only admins through; auth is asked again here, so a direct call is refused too. */
  private async requireAdmin(user: AuthenticatedUser | undefined, meta: RpcMeta): Promise<void> {
    if (!user) throw RpcError.of(ErrorCode.Unauthorized, CARD_MESSAGES.adminOnly);
    let isAdmin: boolean;
    try {
      isAdmin = (await this.rpc.send('auth.access.check', {}, { ...meta, user })).isAdmin;
    } catch (error) {
      throw error instanceof RemoteServiceError ? new RpcError(error.payload) : error;
    }
    if (!isAdmin) throw RpcError.of(ErrorCode.Forbidden, CARD_MESSAGES.adminOnly);
  }
}

function found(row: CardRow | null): CardRow {
  if (!row) throw RpcError.of(ErrorCode.NotFound, CARD_MESSAGES.notFound);
  return row;
}
