import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, arrays and nulls compared by value', () => {
    const before = { title: 'Старое', tags: ['а', 'б'], cover: null as string | null, status: 'draft' };
    const after = { title: 'Новое', tags: ['а', 'б'], cover: 'c1', status: 'draft' };
    expect(changedFields(before, after)).toEqual({ before: { title: 'Старое', cover: null }, after: { title: 'Новое', cover: 'c1' } });
  });

  it('is empty on both sides when nothing changed', () => {
    expect(changedFields({ autoNews: true }, { autoNews: true })).toEqual({ before: {}, after: {} });
  });
});
