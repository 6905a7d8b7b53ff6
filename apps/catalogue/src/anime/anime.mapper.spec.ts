import { toAnimeDetails, toAnimeSummary } from './anime.mapper';
import type { AnimeRow } from './anime.rows';

const UPDATED_AT = new Date('2026-11-27T06:00:00.500Z');
const VERSION = Math.floor(UPDATED_AT.getTime() / 1000);

const row = (poster: string | null): AnimeRow => ({
  id: 20,
  id_shiki: 20,
  title: 'Наруто',
  title_romaji: 'Naruto',
  kind: 'tv',
  status: 'completed',
  episodes: 220,
  year: 2002,
  season: 'fall',
  score: 8,
  genres: ['action'],
  poster,
  updated_at: UPDATED_AT,
  source_key: null,
  title_ru: 'Наруто',
  title_en: 'Naruto',
  title_ja: null,
  synonyms: [],
  description: null,
  duration_minutes: 23,
  start_date: '2002-10-03',
  end_date: null,
  popularity: 1,
  adult: false,
  background: null,
  official_site: null,
  similar_ids: [],
  videos: [],
  metadata_synced_at: null,
  created_at: UPDATED_AT,
});

const details = (poster: string | null) => toAnimeDetails(row(poster), { similar: [], characters: [] });
const generated = `/api/anime/20/poster.svg?v=${VERSION}`;

describe('the catalogue mapper: which poster a title shows', () => {
  it('shows a poster on another host through the own-origin poster route, versioned by the last change, and keeps its source in imageUrl', () => {
    const source = 'https://lain.bgm.tv/pic/cover/l/20.jpg';
    expect(toAnimeSummary(row(source))).toMatchObject({ poster: `/api/anime/20/poster?v=${VERSION}`, fallbackPoster: generated });
    expect(toAnimeSummary(row('HTTP://cdn.example/20.jpg')).poster).toBe(`/api/anime/20/poster?v=${VERSION}`);
    expect(details(source)).toMatchObject({ poster: `/api/anime/20/poster?v=${VERSION}`, imageUrl: source, fallbackPoster: generated });
  });

  it('shows an own path as it is', () => {
    expect(details('/uploads/posters/20.webp')).toMatchObject({ poster: '/uploads/posters/20.webp', imageUrl: '/uploads/posters/20.webp' });
  });

  it('shows the generated poster for a title without one', () => {
    expect(details(null)).toMatchObject({ poster: generated, imageUrl: generated, fallbackPoster: generated });
  });
});
