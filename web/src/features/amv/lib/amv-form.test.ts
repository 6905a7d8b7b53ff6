import { describe, expect, it } from 'vitest';
import { embedAmv, makeAmv } from '../testing/amv-fixtures';
import { amvChanges, amvFields, amvFormOf, amvVideoChoice, EMPTY_AMV_FORM } from './amv-form';

describe('the AMV admin form', () => {
  it('fills an edit with the AMV as the API gave it, and reads it back unchanged', () => {
    const amv = makeAmv({ musicTrack: null });
    const form = amvFormOf(amv);
    expect(form).toMatchObject({ title: amv.title, duration: '185', artist: 'Linkin Park', track: '', tags: 'экшен', source: 'file', url: '', file: null });
    expect(amvFields(form)).toEqual({
      title: amv.title,
      author: amv.author,
      durationSeconds: 185,
      musicArtist: 'Linkin Park',
      musicTrack: null,
      tags: ['экшен'],
      animeIds: [20],
    });
    expect(amvChanges(form, form)).toEqual({});
    expect(amvVideoChoice(form, form)).toBeNull();
  });

  it('sends only the fields an edit changed', () => {
    const initial = amvFormOf(makeAmv());
    const edited = { ...initial, title: 'Новое название', artist: ' ', tags: 'экшен,  драма', anime: [] };
    expect(amvChanges(initial, edited)).toEqual({ title: 'Новое название', musicArtist: null, tags: ['экшен', 'драма'], animeIds: [] });
  });

  it('keeps the video unless a new file or a different link is given', () => {
    const initial = amvFormOf(embedAmv());
    expect(initial).toMatchObject({ source: 'link', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(amvVideoChoice({ ...initial, url: ` ${initial.url} ` }, initial)).toBeNull();
    expect(amvVideoChoice({ ...initial, url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/' }, initial)).toEqual({
      url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/',
    });
    expect(amvVideoChoice({ ...initial, source: 'file' }, initial)).toBeNull();
    const file = new File(['video'], 'clip.mp4', { type: 'video/mp4' });
    expect(amvVideoChoice({ ...initial, source: 'file', file }, initial)).toEqual({ file });
  });

  it('gives a new AMV no video until a file or link is given', () => {
    expect(amvVideoChoice(EMPTY_AMV_FORM)).toBeNull();
    expect(amvVideoChoice({ ...EMPTY_AMV_FORM, source: 'link', url: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({ url: 'https://youtu.be/dQw4w9WgXcQ' });
  });
});
