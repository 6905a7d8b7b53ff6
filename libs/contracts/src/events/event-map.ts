import type { ServiceName } from '../platform/services';

/** Every event carries these. Consumers are idempotent on `eventId`. */
export interface EventBase {
  eventId: string;
  occurredAt: string;
}

/** The one typed map of events: `<service>.<entity>.<past-tense verb>` to its payload. */
export interface EventMap {
  'auth.user.registered': EventBase & { userId: string; username: string };
  'auth.user.updated': EventBase & { userId: string; changedFields: string[] };
  'catalogue.anime.updated': EventBase & { animeId: number; change: 'created' | 'updated' | 'deleted' };
}

export type EventName = keyof EventMap;
export type EventPayload<E extends EventName> = EventMap[E];
/** A payload before the outbox stamps it with an id and a time. */
export type EventData<E extends EventName> = Omit<EventMap[E], keyof EventBase>;

/**
 * Which services consume each event. The outbox relay delivers one durable job per consumer, so a
 * consumer that is down or reconnecting still gets the event when it comes back.
 */
export const EVENT_CONSUMERS: { [E in EventName]: readonly ServiceName[] } = {
  'auth.user.registered': ['moderation', 'chat'],
  'auth.user.updated': ['moderation'],
  // The catalogue listens to itself: the durable path that drops cached lists after every change.
  'catalogue.anime.updated': ['catalogue'],
};

/** Event names are `<service>.<entity>.<verb>`, so the publisher is the first segment. */
export const publishesEvents = (service: ServiceName): boolean =>
  Object.keys(EVENT_CONSUMERS).some((name) => name.startsWith(`${service}.`));
