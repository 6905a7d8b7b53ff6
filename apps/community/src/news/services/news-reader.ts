import { Injectable } from '@nestjs/common';
import { type AuthenticatedUser, ErrorCode, NEWS_MESSAGES, type NewsListRequest, type NewsOne, type NewsPage } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { Accounts } from '../../accounts/accounts';
import { type NewsRow, NewsRepository } from '../news.repository';
import { toNewsItem } from '../news-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a guest or a user may see it: published, and its time has come. */
export const isPublic = (row: NewsRow, now = Date.now()) => row.status === 'published' && row.published_at.getTime() <= now;

/** Reading news: guests and users see published items whose time has come; admins see drafts and scheduled ones too. */
@Injectable()
export class NewsReader {
  constructor(
    private readonly news: NewsRepository,
    private readonly titles: AnimeRefsService,
    private readonly accounts: Accounts,
  ) {}

  async list(user: AuthenticatedUser | undefined, { page, limit, tag, animeId }: NewsListRequest): Promise<NewsPage> {
    const all = await this.isAdmin(user);
    const { rows, total } = await this.news.page({ all, tag, animeId, offset: (page - 1) * limit, limit });
    const titles = await this.titles.peekMany(rows.flatMap((row) => row.anime_ids));
    return { data: rows.map((row) => toNewsItem(row, titles)), meta: { page, limit, total, hasMore: page * limit < total } };
  }

  async one(user: AuthenticatedUser | undefined, idOrSlug: string): Promise<NewsOne> {
    const row = UUID.test(idOrSlug) ? await this.news.find(idOrSlug) : await this.news.findBySlug(idOrSlug);
    if (!row || (!isPublic(row) && !(await this.isAdmin(user)))) throw RpcError.of(ErrorCode.NotFound, NEWS_MESSAGES.notFound);
    return { data: toNewsItem(row, await this.titles.peekMany(row.anime_ids)) };
  }

  /** For comments: whether a news item exists and is public. */
  async isPublished(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const row = await this.news.find(id);
    return row !== null && isPublic(row);
  }

  private isAdmin(user: AuthenticatedUser | undefined): Promise<boolean> {
    return user ? this.accounts.isAdminOrNot(user) : Promise.resolve(false);
  }
}
