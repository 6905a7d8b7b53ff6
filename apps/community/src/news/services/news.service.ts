import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type AuthenticatedUser,
  episodeNewsTitle,
  ErrorCode,
  NEWS_MESSAGES,
  NEWS_TITLE_MAX,
  type NewsCreateRequest,
  type NewsItem,
  type NewsSettings,
  type NewsUpdateRequest,
  type TitleRef,
} from '@portal/contracts';
import { changedFields, RpcError } from '@portal/platform';
import { AdminActionPublisher, type AuditChange } from '../../admin-actions/admin-action.publisher';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { type NewsFields, type NewsRow, NewsRepository, slugTaken } from '../news.repository';
import { toNewsItem } from '../news-view';
import { hasContent, sanitizeNewsHtml } from './news-html';
import { slugify } from './news-slug';

const notFound = () => RpcError.of(ErrorCode.NotFound, NEWS_MESSAGES.notFound);
const slugConflict = () => RpcError.of(ErrorCode.Conflict, NEWS_MESSAGES.slugTaken);

/**
 * Writing news (admins only: the operations' access asks auth on every write) and the automatic «Вышла N серия …».
 * Every check that can refuse runs before anything is written, so a refusal leaves no row. Each
 * admin write commits with its `community.admin.acted` (the audit log).
 */
@Injectable()
export class NewsService {
  constructor(
    private readonly news: NewsRepository,
    private readonly titles: AnimeRefsService,
    private readonly adminActions: AdminActionPublisher,
  ) {}

  async create(user: AuthenticatedUser, request: NewsCreateRequest): Promise<NewsItem> {
    const body = this.clean(request.body);
    const linked = await this.linked(request.animeIds);
    if (request.slug && (await this.news.findBySlug(request.slug))) throw slugConflict();
    const fields: NewsFields = {
      slug: request.slug ?? '',
      title: request.title,
      summary: request.summary,
      body,
      tags: request.tags,
      animeIds: linked.ids,
      coverId: request.cover?.id ?? null,
      coverWidths: request.cover?.widths ?? null,
      status: request.status,
      publishedAt: request.publishedAt ?? null,
    };
    const row = await this.writeWithSlug(request.slug, request.title, async (manager, slug) => {
      await this.titles.keep(linked.refs, manager);
      const inserted = await this.news.insert(manager, { ...fields, slug, id: randomUUID(), authorId: user.id, authorUsername: user.username });
      if (inserted) await this.published(manager, user, inserted, 'created', { before: null, after: auditState(inserted) });
      return inserted;
    });
    return toNewsItem(row, linked.map);
  }

  async update(user: AuthenticatedUser, { id, ...change }: NewsUpdateRequest): Promise<NewsItem> {
    const current = await this.news.find(id);
    if (!current) throw notFound();
    const body = change.body === undefined ? current.body : this.clean(change.body);
    const linked = await this.linked(change.animeIds ?? current.anime_ids);
    if (change.slug && change.slug !== current.slug && (await this.news.findBySlug(change.slug))) throw slugConflict();
    const status = change.status ?? current.status;
    // A draft published without a date is published now; otherwise the date stays unless given.
    const publishedAt = change.publishedAt ?? (current.status === 'draft' && status === 'published' ? null : current.published_at.toISOString());
    const cover = change.cover === undefined ? (current.cover_id ? { id: current.cover_id, widths: current.cover_widths ?? [] } : null) : change.cover;
    const fields: NewsFields = {
      slug: change.slug ?? current.slug,
      title: change.title ?? current.title,
      summary: change.summary ?? current.summary,
      body,
      tags: change.tags ?? current.tags,
      animeIds: linked.ids,
      coverId: cover?.id ?? null,
      coverWidths: cover?.widths ?? null,
      status,
      publishedAt,
    };
    const row = await this.writeWithSlug(fields.slug, fields.title, async (manager, slug) => {
      const locked = await this.news.lock(manager, id);
      if (!locked) throw notFound();
      await this.titles.keep(linked.refs, manager);
      const updated = await this.news.update(manager, id, { ...fields, slug });
      if (updated) await this.published(manager, user, updated, 'updated', changedFields(auditState(locked), auditState(updated)));
      return updated;
    });
    return toNewsItem(row, linked.map);
  }

  async remove(user: AuthenticatedUser, id: string): Promise<{ id: string; deleted: true }> {
    await this.news.transaction(async (manager) => {
      const removed = await this.news.remove(manager, id);
      if (!removed) throw notFound();
      await this.published(manager, user, removed, 'deleted', { before: auditState(removed), after: null });
    });
    return { id, deleted: true };
  }

  async settings(): Promise<NewsSettings> {
    return { autoNews: await this.news.autoNews() };
  }

  async setSettings(user: AuthenticatedUser, { autoNews }: NewsSettings): Promise<NewsSettings> {
    const stored = await this.news.transaction(async (manager) => {
      const before = await this.news.lockAutoNews(manager);
      const after = await this.news.setAutoNews(manager, autoNews);
      await this.adminActions.publish(manager, user, {
        target: 'news-settings',
        targetId: 'settings',
        action: 'updated',
        subjectUserId: null,
        before: { autoNews: before },
        after: { autoNews: after },
      });
      return after;
    });
    return { autoNews: stored };
  }

  /**
   * `catalogue.episodes.added`, in the event's transaction: one published item per new episode,
   * unless admins turned automatic news off. An episode announced before (by an earlier event, or
   * the same one delivered again) is skipped by the (title, episode) index.
   */
  async episodesAdded(manager: EntityManager, { animeId, title, episodes }: { animeId: number; title: string; episodes: number[] }): Promise<void> {
    if (!(await this.news.autoNews(manager))) return;
    const room = NEWS_TITLE_MAX - episodeNewsTitle(Math.max(...episodes, 0), '').length;
    const name = title.length > room ? `${title.slice(0, room - 1)}…` : title;
    for (const episode of episodes) {
      const heading = episodeNewsTitle(episode, name);
      const slug = await this.freeSlug(slugify(heading), manager);
      await this.news.insert(manager, {
        id: randomUUID(),
        slug,
        title: heading,
        summary: `Новая серия уже на портале: ${episode} серия «${name}».`,
        body: sanitizeNewsHtml(`<p>${escapeHtml(heading)}. Приятного просмотра!</p>`),
        tags: ['новые серии'],
        animeIds: [animeId],
        coverId: null,
        coverWidths: null,
        status: 'published',
        publishedAt: null,
        authorId: null,
        authorUsername: null,
        autoAnimeId: animeId,
        autoEpisode: episode,
      });
    }
  }

  /** The news item's author (null for an automatic one) is whom the audit entry is about. */
  private published(
    manager: EntityManager,
    admin: AuthenticatedUser,
    row: NewsRow,
    action: 'created' | 'updated' | 'deleted',
    change: AuditChange,
  ): Promise<void> {
    return this.adminActions.publish(manager, admin, { target: 'news', targetId: row.id, action, subjectUserId: row.author_id, ...change });
  }

  /** The body as stored: sanitised; refused when nothing is left of it. */
  private clean(html: string): string {
    const body = sanitizeNewsHtml(html);
    if (!hasContent(body)) throw RpcError.validation([{ field: 'body', message: NEWS_MESSAGES.bodyEmpty }]);
    return body;
  }

  /** The linked titles, each known to the catalogue (a Shikimori id becomes the catalogue's). */
  private async linked(ids: number[]): Promise<{ ids: number[]; refs: TitleRef[]; map: Map<number, TitleRef> }> {
    const found = await this.titles.peekMany(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw RpcError.validation([{ field: 'animeIds', message: `${NEWS_MESSAGES.animeNotFound}: ${missing.join(', ')}` }]);
    const refs = [...new Map(ids.map((id) => [found.get(id)!.id, found.get(id)!])).values()];
    return { ids: refs.map((ref) => ref.id), refs, map: new Map(refs.map((ref) => [ref.id, ref])) };
  }

  /**
   * Runs the write with the slug asked for, or one made from the title (`-2`, `-3`… when taken). A
   * slug taken meanwhile by a concurrent write is a 409 when asked for, another try when made.
   */
  private async writeWithSlug(
    asked: string | undefined,
    title: string,
    write: (manager: EntityManager, slug: string) => Promise<NewsRow | null>,
  ): Promise<NewsRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.news.transaction(async (manager) => write(manager, asked ?? (await this.freeSlug(slugify(title), manager))));
        if (!row) throw notFound();
        return row;
      } catch (error) {
        if (!slugTaken(error)) throw error;
        if (asked || attempt >= 3) throw slugConflict();
      }
    }
  }

  private async freeSlug(base: string, manager: EntityManager): Promise<string> {
    const taken = await this.news.slugsLike(base, manager);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** A news item as the audit log records it. */
function auditState(row: NewsRow) {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    tags: row.tags,
    animeIds: row.anime_ids,
    coverId: row.cover_id,
    status: row.status,
    publishedAt: row.published_at.toISOString(),
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
