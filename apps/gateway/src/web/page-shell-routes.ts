import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CATALOGUE_DEFAULT_SORT,
  CATALOGUE_PAGE_SIZE,
  CONTINUE_ROW_SIZE,
  hasSessionHint,
  HOME_ROW_SIZE,
  sessionHintToken,
  type AnimeDetails,
  type AnimeSummary,
  type ContinueWatchingItem,
} from '@portal/contracts';
import { animePageShell, cataloguePageShell, homePageShell, PAGE_SHELL_MARKERS, watchPageShell } from '@portal/contracts/web/page-shells';
import { type CompressedForms, compressedForms } from '../http/compression';

/** A client-side route whose first screen the gateway can draw from one API answer. */
interface ShellRoute {
  path: string;
  /** The API request the page makes first; null when this request's page is drawn from something else. */
  source(request: FastifyRequest): string | null;
  render(data: unknown, request: FastifyRequest): string;
  /**
   * The signed-in viewer's own part of the page: the API request for it (made with the session token
   * the hint carries), and the page drawn with its answer, or null where it adds nothing.
   */
  own?: { source: string; render(data: unknown, own: unknown): string | null };
}

const hasQuery = (url: string) => url.includes('?');
/** A catalogue id or an episode number as the API takes it; anything else is the client's own 404. */
const isNumber = (value: string) => /^\d{1,9}$/.test(value);

const SHELL_ROUTES: readonly ShellRoute[] = [
  {
    path: '/',
    source: () => `/api/anime/popular?limit=${HOME_ROW_SIZE}`,
    render: (items) => homePageShell(items as AnimeSummary[]),
    own: {
      source: `/api/progress/continue?limit=${CONTINUE_ROW_SIZE}`,
      render: (items, continuing) =>
        (continuing as ContinueWatchingItem[]).length > 0 ? homePageShell(items as AnimeSummary[], continuing as ContinueWatchingItem[]) : null,
    },
  },
  {
    path: '/catalog',
    // Filters, a sort or a search in the URL make another list: those pages keep the plain shell.
    source: (request) => (hasQuery(request.url) ? null : `/api/anime?limit=${CATALOGUE_PAGE_SIZE}&page=1&sort=${CATALOGUE_DEFAULT_SORT}`),
    render: (items) => cataloguePageShell(items as AnimeSummary[]),
  },
  {
    path: '/anime/:id',
    source: (request) => {
      const { id } = request.params as { id: string };
      return isNumber(id) ? `/api/anime/${id}` : null;
    },
    render: (anime) => animePageShell(anime as AnimeDetails),
  },
  {
    path: '/watch/:id/:episode',
    source: (request) => {
      const { id, episode } = request.params as { id: string; episode: string };
      return isNumber(id) && isNumber(episode) ? `/api/anime/${id}` : null;
    },
    render: (anime, request) => watchPageShell(anime as AnimeDetails, Number((request.params as { episode: string }).episode)),
  },
];

/** Pages kept ready (most are titles: one per title and catalogue answer). */
const MAX_PAGES = 1000;

export interface ShellPage {
  html: Buffer;
  compressed: CompressedForms | null;
}

/**
 * index.html with the first screen of the route drawn in: asks the API what the page will ask first,
 * as the visitor (so it counts against their rate limit, and fills the catalogue cache the page then
 * reads), and keeps each page, compressed, for as long as the API's answer keeps its ETag. A page with
 * the viewer's own part is drawn for that request only and never kept.
 */
export class PageShellRoutes {
  private readonly pages = new Map<string, ShellPage>();

  /**
   * null for an index.html without the page markers: every route then gets it as it is. A page is
   * answered without its shell when the API has not answered within `deadlineMs` (the plain one is as good).
   */
  static of(indexHtml: string, deadlineMs: number): PageShellRoutes | null {
    const start = indexHtml.indexOf(PAGE_SHELL_MARKERS.start);
    const end = indexHtml.indexOf(PAGE_SHELL_MARKERS.end);
    if (start === -1 || end < start) return null;
    return new PageShellRoutes(indexHtml.slice(0, start), indexHtml.slice(end + PAGE_SHELL_MARKERS.end.length), deadlineMs);
  }

  private constructor(
    private readonly before: string,
    private readonly after: string,
    private readonly deadlineMs: number,
  ) {}

  /** The routes answer their page, or `send`'s plain one (null) when it cannot be drawn. */
  register(fastify: FastifyInstance, send: (reply: FastifyReply, page: ShellPage | null) => void): void {
    for (const route of SHELL_ROUTES) {
      fastify.get(route.path, async (request, reply) => {
        send(reply, await this.pageFor(fastify, route, request).catch(() => null));
        return reply;
      });
    }
  }

  private async pageFor(fastify: FastifyInstance, route: ShellRoute, request: FastifyRequest): Promise<ShellPage | null> {
    // These pages are behind the sign-in prompt: a guest is shown the prompt, not a flash of the catalogue.
    if (!hasSessionHint(request.headers.cookie)) return null;
    const source = route.source(request);
    if (!source) return null;
    const ask = (url: string, headers: Record<string, string> = {}) =>
      withDeadline(fastify.inject({ method: 'GET', url, headers, remoteAddress: request.ip }), this.deadlineMs).catch(() => null);
    const token = route.own ? sessionHintToken(request.headers.cookie) : null;
    const [answer, ownAnswer] = await Promise.all([ask(source), route.own && token ? ask(route.own.source, { authorization: `Bearer ${token}` }) : null]);
    if (!answer || answer.statusCode !== 200) return null;
    const data = () => answer.json<{ data: unknown }>().data;
    // An expired or refused session, or a late answer, leaves the shared page: the client draws the rest.
    const own = route.own && ownAnswer?.statusCode === 200 ? route.own.render(data(), ownAnswer.json<{ data: unknown }>().data) : null;
    if (own !== null) return this.page(own);
    const etag = answer.headers.etag;
    const key = `${route.path} ${JSON.stringify(request.params)} ${String(etag)}`;
    const known = this.pages.get(key);
    if (known) return known;
    const page = this.page(route.render(data(), request));
    if (etag) this.remember(key, page);
    return page;
  }

  private page(content: string): ShellPage {
    const html = Buffer.from(this.before + content + this.after);
    return { html, compressed: compressedForms(html) };
  }

  private remember(key: string, page: ShellPage) {
    this.pages.set(key, page);
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
