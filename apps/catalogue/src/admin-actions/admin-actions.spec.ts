import { changedFields } from './admin-actions';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, arrays compared by content', () => {
    expect(changedFields({ episodes: 220, year: 2002, genres: ['action'] }, { episodes: 221, year: 2002, genres: ['action'] })).toEqual({
      before: { episodes: 220 },
      after: { episodes: 221 },
    });
    expect(changedFields({ animeIds: [1, 2] }, { animeIds: [2, 1] })).toEqual({ before: { animeIds: [1, 2] }, after: { animeIds: [2, 1] } });
  });

  it('answers empty sides when nothing changed, and null for a field that was absent', () => {
    expect(changedFields({ title: 'A' }, { title: 'A' })).toEqual({ before: {}, after: {} });
    expect(changedFields({}, { background: 'https://example.com/a.jpg' })).toEqual({ before: { background: null }, after: { background: 'https://example.com/a.jpg' } });
  });
});
