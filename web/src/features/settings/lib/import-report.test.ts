import { describe, expect, it } from 'vitest';
import { reportCounts, reportSummary, skippedLines } from './import-report';

const report = {
  format: 'mal' as const,
  imported: 2,
  updated: 1,
  unchanged: 0,
  skipped: [
    { line: 40, title: 'Unknown Title', reason: 'Аниме нет в каталоге' },
    { line: 12, title: null, reason: 'Нет id аниме' },
    { line: 25, title: '  ', reason: 'Неизвестный статус' },
  ],
};

describe('the list import report', () => {
  it('counts added, updated, unchanged and skipped entries in that order', () => {
    expect(reportCounts(report).map(({ label, count }) => `${label} ${count}`)).toEqual(['Добавлено 2', 'Обновлено 1', 'Без изменений 0', 'Пропущено 3']);
  });

  it('sums it up in one line', () => {
    expect(reportSummary(report)).toBe('Добавлено: 2, обновлено: 1, без изменений: 0, пропущено: 3');
  });

  it('lists skipped entries in file order with their line, title and reason', () => {
    expect(skippedLines(report)).toEqual(['Строка 12: Нет id аниме', 'Строка 25: Неизвестный статус', 'Строка 40 — «Unknown Title»: Аниме нет в каталоге']);
  });

  it('has nothing to list when nothing was skipped', () => {
    expect(skippedLines({ ...report, skipped: [] })).toEqual([]);
  });
});
