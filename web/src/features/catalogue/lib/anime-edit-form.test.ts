import { describe, expect, it } from 'vitest';
import { animeDetails } from '../testing/catalogue-fixtures';
import { draftFromAnime } from './anime-edit-form';

describe('the edit form draft of a title', () => {
  it("prefills the poster field with the poster's own address, not the portal's copy of it", () => {
    const anime = animeDetails({
      poster: '/api/anime/1/poster?v=1700000000',
      imageUrl: 'https://lain.bgm.tv/pic/cover/l/1.jpg',
      fallbackPoster: '/api/anime/1/poster.svg?v=1700000000',
    });
    expect(draftFromAnime(anime).poster).toBe('https://lain.bgm.tv/pic/cover/l/1.jpg');
  });

  it('keeps an uploaded poster (an own path) as it is', () => {
    const anime = animeDetails({ poster: '/uploads/posters/1.webp', imageUrl: '/uploads/posters/1.webp', fallbackPoster: '/api/anime/1/poster.svg?v=1' });
    expect(draftFromAnime(anime).poster).toBe('/uploads/posters/1.webp');
  });

  it('leaves the field empty for a title that only has its generated poster', () => {
    const generated = '/api/anime/1/poster.svg?v=1700000000';
    expect(draftFromAnime(animeDetails({ poster: generated, imageUrl: generated, fallbackPoster: generated })).poster).toBe('');
  });
});
