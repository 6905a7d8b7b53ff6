import { escalatedUntil } from './sanctions.service';

describe('the escalation of a ban without an end', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');

  it('lasts a day for the first ban, seven for the second, and for ever after', () => {
    expect(escalatedUntil(0, now)?.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(escalatedUntil(1, now)?.toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(escalatedUntil(2, now)).toBeNull();
    expect(escalatedUntil(9, now)).toBeNull();
  });
});
