import { describeAchievement } from './achievement-catalogue';
import { pointsSettings } from '../points/points-settings';

describe('achievement texts', () => {
  it('names each kind in Russian from its key, genre names with colons included', () => {
    expect(describeAchievement('first-review', 'first-review').title).toBe('Первая рецензия');
    expect(describeAchievement('streak:7', 'streak')).toEqual({ title: '7 дней подряд', description: 'Смотрел аниме 7 дней подряд' });
    expect(describeAchievement('list-size:100', 'list-size').title).toBe('Список: 100 тайтлов');
    expect(describeAchievement('genre:Меха: реал', 'genre').title).toBe('Знаток жанра «Меха: реал»');
  });
});

describe('points settings', () => {
  it('caps each earning kind per day and scales the episode cap with the episodes allowed', () => {
    const settings = pointsSettings(20);
    expect(settings.dailyCaps['episode.watched']).toBe(100);
    expect(pointsSettings(4).dailyCaps['episode.watched']).toBe(20);
    expect(settings.dailyCaps['comment.liked']).toBe(50);
    expect(settings.dailyCaps['card.duplicate']).toBeUndefined();
    expect(settings.dailyCaps['roulette.spin']).toBeUndefined();
  });
});
