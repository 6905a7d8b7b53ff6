import { CONTINUE_WATCHING_LABELS, LIST_STATUS_LABELS, type ListStatus } from '@portal/contracts';
import { formatCount, type PluralForms } from '../../shared/lib/plural';

const VOTES: PluralForms = ['голос', 'голоса', 'голосов'];

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
  continueWatching: CONTINUE_WATCHING_LABELS.title,
  continueLoading: 'Загружаем «Продолжить просмотр»...',
  continueLink: CONTINUE_WATCHING_LABELS.link,
  continueEpisode: CONTINUE_WATCHING_LABELS.episode,
  continuePosition: CONTINUE_WATCHING_LABELS.position,
  continueDismiss: 'Убрать из списка',
  continueDismissErrorTitle: 'Не удалось убрать из «Продолжить просмотр»',
} as const;
