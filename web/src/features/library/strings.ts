import { LIST_STATUS_LABELS, type ListStatus } from '@portal/contracts';
import { formatCount, type PluralForms } from '../../shared/lib/plural';

const VOTES: PluralForms = ['голос', 'голоса', 'голосов'];

const pad = (value: number) => String(value).padStart(2, '0');
/** "12:34" or "1:02:03". */
export function formatPosition(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(total % 60)}` : `${minutes}:${pad(total % 60)}`;
}

export const LIBRARY_STRINGS = {
  statusLabel: 'Мой список',
  notInList: 'Не в списке',
  statuses: LIST_STATUS_LABELS,
  statusOption: (status: ListStatus) => LIST_STATUS_LABELS[status],
  remove: 'Удалить из списка',
  loading: 'Загружаем ваш список...',
  saving: 'Сохраняем...',
  saved: 'Сохранено',
  entryLoadError: 'Не удалось загрузить ваш список',
  retry: 'Повторить',
  watchedLabel: 'Просмотрено серий',
  watchedOf: (total: number) => `из ${total}`,
  watchedLess: 'На одну серию меньше',
  watchedMore: 'На одну серию больше',
  watchedSave: 'Сохранить',
  watchedErrorTitle: 'Не удалось сохранить просмотренные серии',
  statusErrorTitle: 'Не удалось обновить список',
  removeErrorTitle: 'Не удалось удалить из списка',
  removed: 'Удалено из списка',
  rating: 'Моя оценка',
  ratingValue: (value: number) => `Оценка ${value} из 10`,
  noRating: 'Не оценено',
  ratingYours: (value: number) => `Ваша оценка: ${value}`,
  ratingAverage: (average: number, votes: number) => `На портале: ${average.toFixed(1)} (${formatCount(votes, VOTES)})`,
  ratingErrorTitle: 'Не удалось сохранить оценку',
  continueWatching: 'Продолжить просмотр',
  continueLoading: 'Загружаем «Продолжить просмотр»...',
  continueLink: (title: string, episode: number, position: number) => `Продолжить «${title}», серия ${episode} с ${formatPosition(position)}`,
  continueEpisode: (episode: number) => `Серия ${episode}`,
  continuePosition: (position: number, duration: number | null) =>
    duration ? `${formatPosition(position)} из ${formatPosition(duration)}` : formatPosition(position),
  continueDismiss: 'Убрать из списка',
  continueDismissErrorTitle: 'Не удалось убрать из «Продолжить просмотр»',
} as const;
