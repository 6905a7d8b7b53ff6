import { formatCount, type PluralForms } from '../../shared/lib/plural';

const EPISODES: PluralForms = ['серия', 'серии', 'серий'];

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (seconds: number) => {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(total % 60)}` : `${minutes}:${pad(total % 60)}`;
};

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
  continueCard: (title: string, episode: number, position: number) => `${title}: серия ${episode}, с ${clock(position)}`,
  continueMeta: (episode: number, position: number) => `Серия ${episode} · ${clock(position)}`,
  animeNotFound: 'Аниме не найдено',
  animeNotFoundText: 'Такого аниме нет в каталоге.',
  watch: 'Смотреть',
  continueWatching: (episode: number, position: number) => `Продолжить: серия ${episode}, ${clock(position)}`,
  episodes: 'Серии',
  episodeCount: (count: number) => formatCount(count, EPISODES),
  episode: (number: number, title: string | null) => (title ? `Серия ${number}. ${title}` : `Серия ${number}`),
  noEpisodes: 'Серии пока недоступны',
  noEpisodesText: 'У этого аниме пока нет серий для просмотра.',
  facts: (year: number | null, episodes: number | null) => [year ? `${year}` : null, episodes ? formatCount(episodes, EPISODES) : null].filter(Boolean).join(' · '),
} as const;
