import {
  type NotificationActor,
  type NotificationItem,
  type NotificationKind,
  type NotificationKindMap,
  type SanctionNotificationTarget,
  untilPhrase,
} from '@portal/contracts';
import type { NotificationRow } from './notifications.repository';

type TextOf<K extends NotificationKind> = (actors: NotificationActor[], actorCount: number, target: NotificationKindMap[K]['target']) => string;

const SOMEONE = 'Кто-то';

const who = (actors: NotificationActor[]) => actors[0]?.username ?? SOMEONE;
const onTitle = (title: string | null | undefined) => (title ? ` на «${title}»` : '');

/** «ivan», «ivan и maria», «ivan и ещё 4»: the most recent actor first. */
export function actorsPhrase(actors: NotificationActor[], actorCount: number): string {
  const count = Math.max(actorCount, actors.length, 1);
  if (count === 1) return who(actors);
  if (count === 2 && actors[1]) return `${who(actors)} и ${actors[1].username}`;
  return `${who(actors)} и ещё ${count - 1}`;
}

/**
 * The Russian sentence of each kind, made on the server so every client says the same. A new kind
 * adds its line here (the compiler insists).
 */
export const NOTIFICATION_TEXTS: { [K in NotificationKind]: TextOf<K> } = {
  'comment.reply': (actors) => `${who(actors)} ответил на ваш комментарий`,
  'comment.like': (actors, actorCount) =>
    actorCount > 1 ? `${actorsPhrase(actors, actorCount)} оценили ваш комментарий` : `${who(actors)} оценил ваш комментарий`,
  'review.approved': (_actors, _count, target) => `Ваша рецензия${onTitle(target.animeTitle)} одобрена`,
  'review.rejected': (_actors, _count, target) => `Ваша рецензия${onTitle(target.animeTitle)} отклонена${target.reason ? `: ${target.reason}` : ''}`,
  'order.released': (_actors, _count, target) => `Заказ выполнен: «${target.animeTitle}» уже на портале и добавлено в «Запланировано»`,
  'quiz.approved': (_actors, _count, target) => `Ваш квиз «${target.quizTitle}» одобрен и опубликован`,
  'quiz.rejected': (_actors, _count, target) => `Ваш квиз «${target.quizTitle}» отклонён: ${target.reason}`,
  'episode.released': (_actors, _count, { animeTitle, episodes }) =>
    episodes.length === 1 ? `Вышла ${episodes[0]} серия «${animeTitle}»` : `Вышли новые серии «${animeTitle}»: ${episodes.join(', ')}`,
  'user.sanctioned': (_actors, _count, target) => sanctionText(target),
  'report.decided': (_actors, _count, target) =>
    target.action === 'reject'
      ? 'Ваша жалоба рассмотрена: модератор не нашёл нарушения'
      : `Ваша жалоба рассмотрена: нарушение подтверждено${target.contentDeleted ? ', содержимое удалено' : ''}. Спасибо!`,
};

function sanctionText({ action, reason, until, username }: SanctionNotificationTarget): string {
  const why = reason ? `: ${reason}` : '';
  switch (action) {
    case 'warning':
      return `Вам вынесено предупреждение${why}`;
    case 'read-only':
      return `Ваш аккаунт переведён в режим только чтения ${untilPhrase(until)}${why}`;
    case 'full':
      return `Ваш аккаунт заблокирован ${untilPhrase(until)}${why}`;
    case 'chat-mute':
      return `Вы не можете писать в чат ${untilPhrase(until)}${why}`;
    case 'nickname-reset':
      return `Ваш никнейм сброшен модератором, новый никнейм — ${username ?? ''}${why}`;
    case 'lifted':
      return 'Ограничения вашего аккаунта сняты';
    case 'unmuted':
      return 'Вы снова можете писать в чат';
  }
}

export function notificationText<K extends NotificationKind>(
  kind: K,
  actors: NotificationActor[],
  actorCount: number,
  target: NotificationKindMap[K]['target'],
): string {
  const text = NOTIFICATION_TEXTS[kind] as TextOf<K> | undefined;
  // A kind this build does not know (written by a newer replica): still readable.
  return text ? text(actors, actorCount, target) : 'Новое уведомление';
}

export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    actors: row.actors,
    actorCount: row.actor_count,
    target: row.target,
    text: notificationText(row.kind, row.actors, row.actor_count, row.target as never),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    read: row.read_at !== null,
  } as NotificationItem;
}

export const cursorOf = (row: NotificationRow) => `${row.position}_${row.id}`;

export function parseCursor(cursor: string | undefined): { position: string; id: string } | null {
  if (!cursor) return null;
  const [position, id] = cursor.split('_');
  return { position, id };
}
