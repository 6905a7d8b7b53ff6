import { lazyValue } from './lazy-value';
import { pluralRu, type PluralForms } from './plural';

const JUST_NOW = 'только что';

const MINUTES: PluralForms = ['минуту', 'минуты', 'минут'];
const HOURS: PluralForms = ['час', 'часа', 'часов'];
const DAYS: PluralForms = ['день', 'дня', 'дней'];
const dateFormat = lazyValue(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }));

/** «только что», «5 минут назад», «2 часа назад», «3 дня назад», then the date («1 марта 2025 г.»). */
export function formatRelativeDate(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return JUST_NOW;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${pluralRu(minutes, MINUTES)} назад`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${pluralRu(hours, HOURS)} назад`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} ${pluralRu(days, DAYS)} назад`;
  return dateFormat().format(new Date(time));
}

/** The full date and time, for the `title` of a relative date. */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('ru-RU');
}
