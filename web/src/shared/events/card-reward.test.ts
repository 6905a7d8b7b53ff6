import { describe, expect, it } from 'vitest';
import { announceCardReward, announceCardRewardOf, onCardReward, type CardRewardAnnouncement } from './card-reward';

describe('the card reward channel', () => {
  it('keeps what was announced before the host listened, then delivers live', () => {
    announceCardReward({ file: 'early.png', grantId: 'g-early' });
    const heard: CardRewardAnnouncement[] = [];
    const stop = onCardReward((announcement) => heard.push(announcement));
    announceCardReward({ file: 'live.webm', grantId: 'g-live' });
    stop();
    expect(heard.map((item) => item.grantId)).toEqual(['g-early', 'g-live']);
  });

  it('reads cardReward and cardGrantId off an answer, and nothing off an answer without a card', () => {
    const heard: CardRewardAnnouncement[] = [];
    const stop = onCardReward((announcement) => heard.push(announcement));
    announceCardRewardOf({ token: 't', cardReward: 'sakura.png', cardGrantId: 'g-1' });
    announceCardRewardOf({ animeId: 1, cardReward: 'list.webm' });
    announceCardRewardOf({ animeId: 1, cardReward: null, cardGrantId: null });
    announceCardRewardOf(null);
    stop();
    expect(heard).toEqual([
      { file: 'sakura.png', grantId: 'g-1' },
      { file: 'list.webm', grantId: null },
    ]);
  });
});
