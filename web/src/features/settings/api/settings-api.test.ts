import { describe, expect, it } from 'vitest';
import { filenameOf } from './settings-api';

describe('the export file name', () => {
  it('comes from Content-Disposition, quoted or not, or the RFC 5987 form', () => {
    expect(filenameOf('attachment; filename="animelist-sakura.xml"', 'x')).toBe('animelist-sakura.xml');
    expect(filenameOf('attachment; filename=list.json', 'x')).toBe('list.json');
    expect(filenameOf("attachment; filename*=UTF-8''%D1%81%D0%BF%D0%B8%D1%81%D0%BE%D0%BA.xml", 'x')).toBe('список.xml');
  });

  it('falls back to a default name', () => {
    expect(filenameOf(null, 'animelist.xml')).toBe('animelist.xml');
    expect(filenameOf('attachment', 'animelist.json')).toBe('animelist.json');
  });
});
