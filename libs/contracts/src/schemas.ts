// Request schemas (zod): imported as `@portal/contracts/schemas` by the gateway, which validates every
// body, query and param with them, and by the services, which take their output as input. Kept out
// of the main entry so the web client's bundle does not carry zod.
export * from './validation/field-errors';
export * from './validation/common.schemas';
export * from './auth/auth.schemas';
export * from './auth/social.schemas';
export * from './moderation/moderation.schemas';
export * from './moderation/reports.schemas';
export * from './moderation/bans.schemas';
export * from './catalogue/catalogue.schemas';
export * from './media/episodes.schemas';
export * from './media/episode-uploads.schemas';
export * from './media/episode-uploads.answers';
export * from './media/episode-tracks.schemas';
export * from './media/episode-tracks.answers';
export * from './community/track-choices.schemas';
export * from './community/track-choices.answers';
export * from './community/community.schemas';
export * from './realtime/chat.schemas';
export * from './realtime/watch-party.schemas';
export * from './realtime/online.schemas';
export * from './realtime/presence.schemas';
export * from './community/notifications.schemas';
export * from './community/comments.schemas';
export * from './community/reviews.schemas';
export * from './community/news.schemas';
export * from './community/profile-activity.schemas';
export * from './community/amv.schemas';
export * from './community/orders.schemas';
export * from './community/quizzes.schemas';
export * from './rewards/cards.schemas';
export * from './rewards/points.schemas';
