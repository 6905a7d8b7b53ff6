import type { AnimeRef, TitleRef } from '@portal/contracts';

/** The linked titles of an item (news, AMV) as the API answers them: those the catalogue knows, in the item's order. */
export function linkedTitles(ids: number[], titles: Map<number, TitleRef>): AnimeRef[] {
  return ids.flatMap((id) => {
    const ref = titles.get(id);
    return ref
      ? [{ id: ref.id, title: ref.title, poster: ref.poster, fallbackPoster: ref.fallbackPoster, episodes: ref.episodes, kind: ref.kind, year: ref.year }]
      : [];
  });
}
