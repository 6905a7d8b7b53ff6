import { describe, expect, it } from 'vitest';
import { parsePositiveId } from './route-params';

describe('parsePositiveId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['123456789', 123456789],
    ['1234567890', 1234567890],
    ['2147483647', 2147483647],
  ])('accepts %s', (value, expected) => {
    expect(parsePositiveId(value)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['0'],
    ['00'],
    ['-1'],
    ['+1'],
    ['1.5'],
    ['1.0'],
    ['1e3'],
    ['0x10'],
    [' 1'],
    ['1 '],
    ['1a'],
    ['a1'],
    ['1/2'],
    ['١٢'],
    ['2147483648'],
    ['9999999999'],
    ['12345678901'],
    ['Infinity'],
    ['NaN'],
  ])('refuses %j', (value) => {
    expect(parsePositiveId(value)).toBeNull();
  });
});
