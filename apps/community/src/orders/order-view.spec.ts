import { orderTitleKey } from './order-view';

describe('orderTitleKey', () => {
  it('treats case, «ё», punctuation and spacing as the same title', () => {
    expect(orderTitleKey('  Тётрадь  Смерти!! ')).toBe(orderTitleKey('тетрадь смерти'));
    expect(orderTitleKey('Re:Zero')).toBe('re zero');
  });

  it('keeps different titles apart', () => {
    expect(orderTitleKey('Naruto')).not.toBe(orderTitleKey('Naruto Shippuden'));
  });
});
