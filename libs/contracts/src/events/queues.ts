import type { ServiceName } from '../platform/services';

/** Queue names are stored in Redis: kebab-case, never renamed. */
export enum QueueName {
  EventsAuth = 'events-auth',
  EventsCatalogue = 'events-catalogue',
  EventsCommunity = 'events-community',
  EventsChat = 'events-chat',
  EventsRewards = 'events-rewards',
  EventsModeration = 'events-moderation',
  /** One job per title: Shikimori metadata, posters, backgrounds (job ids are deterministic). */
  CatalogueMetadata = 'catalogue-metadata',
  /** One job per attempt to transcode an uploaded episode (job id `transcode-<source id>-<attempt>`), docs/media.md. */
  CatalogueEpisodeTranscode = 'catalogue-episode-transcode',
  /** One job per title: its uploaded episodes' openings and endings found by ear (job id `markers-<animeId>`), docs/media.md. */
  CatalogueEpisodeMarkers = 'catalogue-episode-markers',
  /** One job per voice-over or subtitle file added to a transcoded episode (job id `track-<track id>`), docs/media.md. */
  CatalogueEpisodeTracks = 'catalogue-episode-tracks',
  /** One job per uploaded AMV file: its HLS rendition (job id `hls-<upload uuid>`). */
  CommunityAmvTranscode = 'community-amv-transcode',
  /** One job per notice to a user's Telegram chat (job id `notice-<eventId>`), sent within Telegram's limits. */
  AuthTelegramNotices = 'auth-telegram-notices',
  /** One job per card grant (job id: the grant's idempotency key, e.g. `registration%3A<user id>`), docs/rewards.md. */
  RewardsCardGrants = 'rewards-card-grants',
}

export const EVENT_QUEUE_OF: Record<ServiceName, QueueName> = {
  auth: QueueName.EventsAuth,
  catalogue: QueueName.EventsCatalogue,
  community: QueueName.EventsCommunity,
  chat: QueueName.EventsChat,
  rewards: QueueName.EventsRewards,
  moderation: QueueName.EventsModeration,
};
