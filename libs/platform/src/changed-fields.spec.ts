import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, arrays compared by content and order', () => {
    expect(changedFields({ episodes: 220, year: 2002, genres: ['action'] }, { episodes: 221, year: 2002, genres: ['action'] })).toEqual({
      before: { episodes: 220 },
      after: { episodes: 221 },
    });
    expect(changedFields({ animeIds: [1, 2] }, { animeIds: [2, 1] })).toEqual({ before: { animeIds: [1, 2] }, after: { animeIds: [2, 1] } });
    expect(changedFields({ title: 'Старое', body: 'Текст', cover: null }, { title: 'Новое', body: 'Текст', cover: 'c1' })).toEqual({
      before: { title: 'Старое', cover: null },
      after: { title: 'Новое', cover: 'c1' },
    });
  });

  it('answers empty sides when nothing changed, and null for a field one side lacks', () => {
    expect(changedFields({ autoNews: true }, { autoNews: true })).toEqual({ before: {}, after: {} });
    expect(changedFields({}, { background: 'https://example.com/a.jpg' })).toEqual({
      before: { background: null },
      after: { background: 'https://example.com/a.jpg' },
    });
    expect(changedFields({ note: 'был' }, {})).toEqual({ before: { note: 'был' }, after: { note: null } });
  });
});
