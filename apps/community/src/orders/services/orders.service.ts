import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  animeUrlOf,
  ErrorCode,
  isOpenOrderStatus,
  ORDER_MESSAGES,
  ORDER_OPEN_LIMIT,
  ORDER_TRANSITIONS,
  type AuthenticatedUser,
  type OrderCreateRequest,
  type OrderCreateResult,
  type OrderItem,
  type OrderStatusRequest,
  type OrderVoteState,
  type TitleRef,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { changedFields, RpcError } from '@portal/platform';
import { AdminActionPublisher } from '../../admin-actions/admin-action.publisher';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { Accounts } from '../../accounts/accounts';
import { UserRefsRepository } from '../../accounts/user-refs.repository';
import { ServiceRpc } from '@portal/platform';
import { orderTitleKey, toOrderItem } from '../order-view';
import { type OrderRow, OrdersRepository } from '../orders.repository';

const notFound = () => RpcError.of(ErrorCode.NotFound, ORDER_MESSAGES.notFound);
const UNIQUE_VIOLATION = '23505';
/** The catalogue's suggest takes queries up to this long. */
const SUGGEST_QUERY_MAX = 100;
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === UNIQUE_VIOLATION || (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION);

/**
 * The order desk's writes (docs/community.md, «Order desk»). Every check that can refuse runs before
 * anything is written, or rolls its transaction back, so a refusal leaves no row.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly titles: AnimeRefsService,
    private readonly users: UserRefsRepository,
    private readonly accounts: Accounts,
    private readonly rpc: ServiceRpc,
    private readonly outbox: OutboxPublisher,
    private readonly adminActions: AdminActionPublisher,
  ) {}

  /**
   * A new request; or, when an open one of the same title exists, the caller's vote for it; or, when
   * the title already has episodes on the portal, a link to it and nothing stored.
   */
  async create(user: AuthenticatedUser, { animeId, title, note }: OrderCreateRequest): Promise<OrderCreateResult> {
    let anime: TitleRef | null = null;
    if (animeId !== undefined) {
      anime = await this.titles.peek(animeId);
      if (!anime) throw RpcError.validation([{ field: 'animeId', message: ORDER_MESSAGES.animeNotFound }]);
    } else {
      anime = await this.catalogueTitleNamed(title as string);
    }
    if (anime) {
      if (await this.hasEpisodes(anime.id)) {
        return {
          outcome: 'available',
          message: ORDER_MESSAGES.available,
          order: null,
          duplicateOf: null,
          available: { animeId: anime.id, title: anime.title, url: animeUrlOf(anime.id) },
        };
      }
    }
    const name = anime ? anime.title : (title as string);
    const titleKey = orderTitleKey(name);
    const author = (await this.users.exists(user.id)) ? null : await this.accounts.profileOf(user);
    let kept = () => {};
    const result = await this.orders.transaction(async (manager) => {
      await this.orders.lockAuthor(manager, user.id);
      for (;;) {
        const duplicate = await this.orders.lockOpenDuplicate(manager, anime?.id ?? null, titleKey);
        if (duplicate) {
          const votes = await this.orders.addVote(manager, duplicate.id, user.id);
          return { outcome: 'voted' as const, row: { ...duplicate, votes } };
        }
        if ((await this.orders.countOpenBy(manager, user.id)) >= ORDER_OPEN_LIMIT) {
          throw RpcError.validation([{ field: 'orders', message: ORDER_MESSAGES.openLimit }]);
        }
        if (anime) kept = await this.titles.keep([anime], manager);
        if (author) await this.users.ensure(manager, author);
        const id = randomUUID();
        // A concurrent request of the same title won the unique index: vote for it instead.
        if (!(await this.orders.insert(manager, { id, animeId: anime?.id ?? null, title: name, titleKey, note, authorId: user.id }))) continue;
        await this.orders.addVote(manager, id, user.id);
        return { outcome: 'created' as const, row: (await this.orders.find(id, manager)) as OrderRow };
      }
    });
    kept();
    const order = toOrderItem(result.row, { id: user.id, voted: true });
    return result.outcome === 'voted'
      ? { outcome: 'voted', message: ORDER_MESSAGES.duplicate, order, duplicateOf: order.id, available: null }
      : { outcome: 'created', message: ORDER_MESSAGES.created, order, duplicateOf: null, available: null };
  }

  /** The caller's vote for an open request; voting again changes nothing. */
  async vote(user: AuthenticatedUser, id: string): Promise<OrderVoteState> {
    const votes = await this.orders.transaction(async (manager) => {
      await this.votable(manager, id);
      return this.orders.addVote(manager, id, user.id);
    });
    return { id, votes, voted: true };
  }

  /** Takes the caller's vote back (the author's too); without a vote it changes nothing. */
  async unvote(user: AuthenticatedUser, id: string): Promise<OrderVoteState> {
    const votes = await this.orders.transaction(async (manager) => {
      await this.votable(manager, id);
      return this.orders.removeVote(manager, id, user.id);
    });
    return { id, votes, voted: false };
  }

  /**
   * An admin moves a request one allowed step (ORDER_TRANSITIONS; anything else is a 409). Released:
   * `community.order.released` commits with the change, and its consumer tells the voters. Every step
   * commits `community.admin.acted` (the audit log) about the request's author.
   */
  async setStatus(user: AuthenticatedUser, { id, status, reason, animeId }: OrderStatusRequest): Promise<OrderItem> {
    const anime = animeId === undefined ? null : await this.titles.peek(animeId);
    if (animeId !== undefined && !anime) throw RpcError.validation([{ field: 'animeId', message: ORDER_MESSAGES.animeNotFound }]);
    let kept = () => {};
    let row: OrderRow;
    try {
      row = await this.orders.transaction(async (manager) => {
        const current = await this.orders.lock(manager, id);
        if (!current) throw notFound();
        if (!ORDER_TRANSITIONS[current.status].includes(status)) throw RpcError.of(ErrorCode.Conflict, ORDER_MESSAGES.transition);
        const linked = anime?.id ?? current.anime_id;
        if (status === 'released' && linked === null) throw RpcError.validation([{ field: 'animeId', message: ORDER_MESSAGES.releaseNeedsAnime }]);
        if (anime) kept = await this.titles.keep([anime], manager);
        const updated = await this.orders.setStatus(manager, id, {
          status,
          reason: status === 'rejected' ? reason : null,
          animeId: anime?.id ?? null,
          title: anime?.title ?? null,
          adminId: user.id,
        });
        if (status === 'released') {
          await this.outbox.publish(manager, 'community.order.released', { orderId: id, animeId: updated.anime_id as number, animeTitle: updated.title });
        }
        await this.adminActions.publish(manager, user, {
          target: 'order',
          targetId: id,
          // The new status names the action; the audit log's event names are [a-z.-] (`admin.order.in-progress`).
          action: status.replace(/_/g, '-'),
          subjectUserId: current.author_id,
          ...changedFields(auditState(current), auditState(updated)),
        });
        return updated;
      });
    } catch (error) {
      // Linking a title another open request already names.
      if (isUniqueViolation(error)) throw RpcError.of(ErrorCode.Conflict, ORDER_MESSAGES.animeTaken);
      throw error;
    }
    kept();
    if (status === 'released') this.outbox.afterCommit();
    return toOrderItem(row, { id: user.id, voted: await this.orders.hasVote(id, user.id) });
  }

  private async votable(manager: EntityManager, id: string): Promise<OrderRow> {
    const current = await this.orders.lock(manager, id);
    if (!current) throw notFound();
    if (!isOpenOrderStatus(current.status)) throw RpcError.of(ErrorCode.Conflict, ORDER_MESSAGES.closed);
    return current;
  }

  /**
   * A typed name that is exactly one of a catalogue title's names (compared as title keys) is that
   * title, so it meets its duplicates by id and its episodes are checked. Best effort: when the
   * catalogue cannot answer, the name stays a typed one.
   */
  private async catalogueTitleNamed(title: string): Promise<TitleRef | null> {
    if (title.length > SUGGEST_QUERY_MAX) return null;
    const key = orderTitleKey(title);
    const hits = await this.rpc.send('catalogue.anime.suggest', { q: title, limit: 8 }).catch(() => []);
    const hit = hits.find((suggestion) => orderTitleKey(suggestion.title) === key || orderTitleKey(suggestion.matchedName) === key);
    return hit ? this.titles.peek(hit.id) : null;
  }

  /** Whether the portal can already play the title (its own episodes, or the configured provider's). */
  private async hasEpisodes(animeId: number): Promise<boolean> {
    const { episodes } = await this.rpc.send('catalogue.episodes.list', { animeId });
    return episodes.length > 0;
  }
}

/** An order's fields a status step changes, as the audit log records them (linking a title renames it). */
function auditState(row: OrderRow) {
  return { status: row.status, reason: row.rejection_reason, animeId: row.anime_id, title: row.title };
}
