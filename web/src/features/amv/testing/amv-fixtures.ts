import type { AmvItem, AmvPage, AnimeRef } from '@portal/contracts';

/** A UUID-shaped id for fixture number `n`. */
export const amvId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The title the fixtures link (catalogue id 20). */
export const AMV_LINKED_TITLE: AnimeRef = { id: 20, title: 'Наруто', poster: '/posters/20.jpg', fallbackPoster: '', episodes: 220, kind: 'tv', year: 2002 };

export function makeAmv(overrides: Partial<AmvItem> = {}): AmvItem {
  const id = overrides.id ?? amvId(1);
  return {
    id,
    title: 'Наруто: путь ниндзя',
    author: 'Кицунэ',
    animeIds: [AMV_LINKED_TITLE.id],
    anime: [AMV_LINKED_TITLE],
    musicArtist: 'Linkin Park',
    musicTrack: 'Numb',
    durationSeconds: 185,
    tags: ['экшен'],
    views: 120,
    likes: 14,
    likedByMe: false,
    video: { kind: 'file', src: `/media/amv/uploads/${id}.mp4`, mimeType: 'video/mp4', hls: null },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const embedAmv = () =>
  makeAmv({
    id: amvId(9),
    title: 'Attack on Titan — Crimson Bow',
    video: { kind: 'embed', provider: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
  });

export const sampleAmvs = (): AmvItem[] => [
  makeAmv({ id: amvId(1), title: '86 — Восемьдесят шесть', author: 'Лена', views: 40 }),
  makeAmv({ id: amvId(2), title: 'Naruto Forever', author: 'Kitsune', views: 300, likes: 50 }),
  makeAmv({ id: amvId(3), title: 'Евангелион', author: 'Синдзи', views: 10, likes: 2 }),
];

export const amvPage = (items: AmvItem[], page = 1, total = items.length): AmvPage => ({ items, page, limit: 24, total });
