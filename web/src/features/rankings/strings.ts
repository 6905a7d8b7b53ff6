import type { UserRankingBoard } from '@portal/contracts';
import type { PluralForms } from '../../shared/lib/plural';

/** Every Russian text of the rankings page (/rankings). */
export const RANKINGS_STRINGS = {
  title: 'Рейтинг',
  lead: 'Самые активные зрители портала и лучшие тайтлы по оценкам наших пользователей.',
  usersTitle: 'Пользователи',
  tabsLabel: 'Рейтинги пользователей',
  tabs: { byAnime: 'Аниме', byComments: 'Комментарии', byQuiz: 'Квизы', byRating: 'Оценки' } satisfies Record<UserRankingBoard, string>,
  boardLabel: (tab: string) => `Рейтинг: ${tab}`,
  valueForms: {
    byAnime: ['тайтл просмотрен', 'тайтла просмотрено', 'тайтлов просмотрено'],
    byComments: ['комментарий', 'комментария', 'комментариев'],
    byQuiz: ['квиз пройден', 'квиза пройдено', 'квизов пройдено'],
    byRating: ['оценка', 'оценки', 'оценок'],
  } satisfies Record<UserRankingBoard, PluralForms>,
  place: (place: number) => `${place} место`,
  you: 'Вы',
  yourPlace: 'Ваше место',
  notRankedYet: 'Вас пока нет в этом рейтинге — начните, и вы появитесь здесь.',
  guestHint: 'Войдите, чтобы увидеть своё место в рейтинге',
  signIn: 'Войти',
  emptyBoard: 'Здесь пока никого нет.',
  loading: 'Загрузка рейтинга...',
  loadError: 'Не удалось загрузить рейтинг',
  titlesTitle: 'Тайтлы',
  topRatedTitle: 'Лучшие по оценкам',
  topRatedHint: (minVotes: number) => `Средняя оценка наших пользователей, не меньше ${minVotes} оценок`,
  mostWatchedTitle: 'Популярное за неделю',
  mostWatchedHint: 'Сколько зрителей смотрели тайтл за последние 7 дней',
  scoreOf: (average: number, votes: string) => `${average.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 2 })} · ${votes}`,
  voteForms: ['оценка', 'оценки', 'оценок'] as PluralForms,
  viewerForms: ['зритель', 'зрителя', 'зрителей'] as PluralForms,
  emptyTopRated: 'Пока ни у одного тайтла нет достаточно оценок.',
  emptyMostWatched: 'На этой неделе ещё ничего не смотрели.',
  titlesLoadError: 'Не удалось загрузить рейтинг тайтлов',
} as const;
