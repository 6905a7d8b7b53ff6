import { formatTime } from '../../shared/lib/format-time';
import { EPISODE_FORMS, formatCount } from '../../shared/lib/plural';

export const TV_STRINGS = {
  brand: 'АнимеПортал · TV',
  hint: 'Стрелки — выбор, ОК — открыть, Назад — вернуться',
  toSite: 'Обычная версия сайта',
  back: 'Назад',
  retry: 'Повторить',
  loading: 'Загружаем...',
  loadFailed: 'Не удалось загрузить',
  rows: {
    continue: 'Продолжить просмотр',
    watching: 'Смотрю',
    popular: 'Популярное',
    top: 'Лучшее',
  },
  emptyHome: 'Здесь пока пусто. Загляните позже.',
  continueCard: (title: string, episode: number, position: number) => `${title}: серия ${episode}, с ${formatTime(position)}`,
  continueMeta: (episode: number, position: number) => `Серия ${episode} · ${formatTime(position)}`,
  animeNotFound: 'Аниме не найдено',
  animeNotFoundText: 'Такого аниме нет в каталоге.',
  watch: 'Смотреть',
  continueWatching: (episode: number, position: number) => `Продолжить: серия ${episode}, ${formatTime(position)}`,
  episodes: 'Серии',
  episodeCount: (count: number) => formatCount(count, EPISODE_FORMS),
  episode: (number: number, title: string | null) => (title ? `Серия ${number}. ${title}` : `Серия ${number}`),
  noEpisodes: 'Серии пока недоступны',
  noEpisodesText: 'У этого аниме пока нет серий для просмотра.',
  facts: (year: number | null, episodes: number | null) =>
    [year ? `${year}` : null, episodes ? formatCount(episodes, EPISODE_FORMS) : null].filter(Boolean).join(' · '),
} as const;
