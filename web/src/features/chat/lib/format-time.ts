import { lazyValue } from '../../../shared/lib/lazy-value';

const timeFormat = lazyValue(() => new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }));

/** "14:05" in the viewer's time zone; empty for an unreadable date. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat().format(date);
}
