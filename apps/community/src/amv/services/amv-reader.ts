import { Injectable } from '@nestjs/common';
import {
  AMV_MESSAGES,
  AMV_PAGE_SIZE,
  AMV_TOP_SIZE,
  ErrorCode,
  type AmvAdjacent,
  type AmvAdjacentRequest,
  type AmvItem,
  type AmvListRequest,
  type AmvPage,
  type AmvTop,
  type AuthenticatedUser,
} from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { normalizeSearch, toAmvItem } from '../amv-view';
import { type AmvFilter, type AmvRow, AmvRepository } from '../amv.repository';

export const amvNotFound = () => RpcError.of(ErrorCode.NotFound, AMV_MESSAGES.notFound);

const filterOf = ({ letter, search }: { letter?: string; search?: string }): AmvFilter => ({
  letter,
  search: search ? normalizeSearch(search) || undefined : undefined,
});

/** Reading AMVs: the listing (title order), top lists, search, one clip and its neighbours. */
@Injectable()
export class AmvReader {
  constructor(
    private readonly amv: AmvRepository,
    private readonly titles: AnimeRefsService,
  ) {}

  async list(viewer: AuthenticatedUser | undefined, query: AmvListRequest): Promise<AmvPage> {
    const { rows, total } = await this.amv.page(filterOf(query), (query.page - 1) * AMV_PAGE_SIZE, AMV_PAGE_SIZE);
    return { items: await this.items(viewer, rows), page: query.page, limit: AMV_PAGE_SIZE, total };
  }

  async search(viewer: AuthenticatedUser | undefined, q: string): Promise<AmvPage> {
    const search = normalizeSearch(q);
    const rows = search ? await this.amv.search(search, AMV_PAGE_SIZE) : [];
    return { items: await this.items(viewer, rows), page: 1, limit: AMV_PAGE_SIZE, total: rows.length };
  }

  async top(viewer: AuthenticatedUser | undefined): Promise<AmvTop> {
    const [viewed, liked] = await Promise.all([this.amv.top('views', AMV_TOP_SIZE), this.amv.top('likes', AMV_TOP_SIZE)]);
    const items = await this.items(viewer, [...viewed, ...liked]);
    return { mostViewed: items.slice(0, viewed.length), mostLiked: items.slice(viewed.length) };
  }

  async one(viewer: AuthenticatedUser | undefined, id: string): Promise<AmvItem> {
    const row = await this.amv.find(id);
    if (!row) throw amvNotFound();
    return (await this.items(viewer, [row]))[0];
  }

  async adjacent(viewer: AuthenticatedUser | undefined, { id, ...filter }: AmvAdjacentRequest): Promise<AmvAdjacent> {
    if (!(await this.amv.find(id))) throw amvNotFound();
    const { previous, next } = await this.amv.adjacent(id, filterOf(filter));
    const items = await this.items(
      viewer,
      [previous, next].filter((row): row is AmvRow => row !== null),
    );
    return { previous: previous ? items[0] : null, next: next ? items[items.length - 1] : null };
  }

  async items(viewer: AuthenticatedUser | undefined, rows: AmvRow[]): Promise<AmvItem[]> {
    const [liked, titles] = await Promise.all([
      viewer ? this.amv.likedBy(viewer.id, [...new Set(rows.map((row) => row.id))]) : new Set<string>(),
      this.titles.peekMany(rows.flatMap((row) => row.anime_ids)),
    ]);
    return rows.map((row) => toAmvItem(row, liked, titles));
  }
}
