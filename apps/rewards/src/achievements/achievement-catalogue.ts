import { ACHIEVEMENT_GENRE_TITLES, ACHIEVEMENT_STREAK_DAYS, type AchievementKind } from '@portal/contracts';

/** The title and description the profile shows for an achievement's key (docs/rewards.md, «Achievements»). */
export function describeAchievement(key: string, kind: AchievementKind): { title: string; description: string } {
  const value = key.includes(':') ? key.slice(key.indexOf(':') + 1) : '';
  switch (kind) {
    case 'first-review':
      return { title: 'Первая рецензия', description: 'Рецензия одобрена модератором' };
    case 'streak':
      return { title: `${value || ACHIEVEMENT_STREAK_DAYS} дней подряд`, description: `Смотрел аниме ${value || ACHIEVEMENT_STREAK_DAYS} дней подряд` };
    case 'list-size':
      return { title: `Список: ${value} тайтлов`, description: `В списке ${value} тайтлов` };
    case 'genre':
      return { title: `Знаток жанра «${value}»`, description: `Просмотрено ${ACHIEVEMENT_GENRE_TITLES} тайтлов жанра «${value}»` };
    case 'franchise':
      return { title: `Франшиза «${value}»`, description: 'Просмотрены все тайтлы франшизы' };
  }
}
