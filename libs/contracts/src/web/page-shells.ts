import escapeHtml from 'escape-html';
import type { AnimeDetails, AnimeSummary } from '../catalogue/anime.dto';
import { EAGER_POSTERS } from '../catalogue/catalogue-pages';
import { CATALOGUE_PAGE_LABELS } from '../catalogue/catalogue.labels';
import { CONTINUE_WATCHING_LABELS } from '../community/continue-watching.labels';
import type { ContinueWatchingItem } from '../community/library.dto';

/**
 * What a catalogue page shows first, as static HTML in the web client's own classes: the gateway puts
 * it into index.html's main area (not in the package index: the web client has no use for it) (between PAGE_SHELL_MARKERS) so that a phone paints the page's
 * largest image before the script has loaded, fetched the data and rendered. React replaces it on its
 * first render with the same images at the same URLs (already loaded by then). Every value is escaped.
 */
export const PAGE_SHELL_MARKERS = { start: '<!--page-->', end: '<!--/page-->' } as const;

/** Cards of a list the shell shows: about the first screen on a phone or a desktop row. */
export const SHELL_CARD_COUNT = 6;

type ShellTitle = Pick<AnimeSummary, 'id' | 'title' | 'poster'>;

function posterImage(src: string, alt: string, eager: boolean): string {
  const loading = eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  return `<span class="poster"><img class="poster__img" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="200" height="300" ${loading} decoding="async"></span>`;
}

function cardList(items: readonly ShellTitle[], eager: number, listClass: string, itemClass: string | null): string {
  const cards = items.slice(0, SHELL_CARD_COUNT).map((anime, index) => {
    const poster = posterImage(anime.poster, '', index < eager);
    const card = `<article class="anime-card"><a class="anime-card__link" href="/anime/${anime.id}"><span class="anime-card__poster">${poster}</span><span class="anime-card__title">${escapeHtml(anime.title)}</span></a></article>`;
    return itemClass ? `<li class="${itemClass}">${card}</li>` : `<li>${card}</li>`;
  });
  return `<ul class="${listClass}">${cards.join('')}</ul>`;
}

/** /anime/:id: the hero with the title's poster and name. */
export function animePageShell(anime: Pick<AnimeDetails, 'title' | 'poster'>): string {
  const poster = posterImage(anime.poster, CATALOGUE_PAGE_LABELS.poster(anime.title), true);
  return `<article class="page anime-page"><div class="anime-page__hero"><div class="anime-page__poster">${poster}</div><div><h1 class="anime-page__title">${escapeHtml(anime.title)}</h1></div></div></article>`;
}

/** /watch/:id/:episode: the way back, the heading and the player's box with the title's art, where the video will play. */
export function watchPageShell(anime: Pick<AnimeDetails, 'id' | 'title' | 'poster'>, episode: number): string {
  const title = escapeHtml(anime.title);
  const art = `<img class="player__poster" src="${escapeHtml(anime.poster)}" alt="" loading="eager" fetchpriority="high" decoding="async">`;
  return `<div class="page player-page"><p class="player-page__back"><a href="/anime/${anime.id}">← ${title}</a></p><h1 class="player-page__title">${escapeHtml(CATALOGUE_PAGE_LABELS.watchTitle(anime.title, episode))}</h1><div class="player-page__layout"><div class="player-page__main"><div class="player">${art}</div></div></div></div>`;
}

/** /catalog without filters: the heading and the first cards of the list in its grid. */
export function cataloguePageShell(items: readonly ShellTitle[]): string {
  const grid = cardList(items, EAGER_POSTERS.catalogue, 'anime-grid', 'anime-grid__item');
  return `<div class="page catalogue-page"><header class="catalogue-page__header"><h1 class="catalogue-page__title">${CATALOGUE_PAGE_LABELS.catalogueTitle}</h1></header><div class="catalogue-page__layout"><div></div><div>${grid}</div></div></div>`;
}

/**
 * The viewer's «Продолжить просмотр» row, as the web client's ContinueWatching draws it, without what
 * needs its script: the dismiss button, and the track's fill (an inline style, which the CSP refuses).
 */
function continueRow(items: readonly ContinueWatchingItem[]): string {
  const cards = items.slice(0, SHELL_CARD_COUNT).map((item, index) => {
    const { anime } = item;
    const poster = posterImage(anime.poster || anime.fallbackPoster, '', index < EAGER_POSTERS.continueRow);
    const label = escapeHtml(CONTINUE_WATCHING_LABELS.link(anime.title, item.episode, item.position));
    const meta = `${CONTINUE_WATCHING_LABELS.episode(item.episode)} · ${CONTINUE_WATCHING_LABELS.position(item.position, item.duration)}`;
    const track = item.duration ? '<span class="continue-card__track"></span>' : '';
    return `<li class="continue-watching__item"><a class="continue-card" href="/watch/${anime.id}/${item.episode}" aria-label="${label}"><span class="continue-card__poster">${poster}</span><span class="continue-card__title">${escapeHtml(anime.title)}</span><span class="continue-card__meta">${meta}</span>${track}</a></li>`;
  });
  return `<section class="continue-watching"><h2 class="continue-watching__title">${CONTINUE_WATCHING_LABELS.title}</h2><ul class="continue-watching__row">${cards.join('')}</ul></section>`;
}

/**
 * /: the signed-in viewer's «Продолжить просмотр» row when they have one (the page's first row then),
 * and the «Популярное» row every visitor gets.
 */
export function homePageShell(items: readonly ShellTitle[], continuing: readonly ContinueWatchingItem[] = []): string {
  const row = cardList(items, EAGER_POSTERS.home, 'anime-row', null);
  const first = continuing.length > 0 ? continueRow(continuing) : '';
  return `<div class="page home-page">${first}<section class="catalogue-section"><div class="catalogue-section__header"><h2 class="catalogue-section__title">${CATALOGUE_PAGE_LABELS.popular}</h2></div>${row}</section></div>`;
}
