// The declared operations (zod schemas included): imported as `@portal/contracts/operations` by the
// services and the gateway. The web client imports only their types, and their routes through Vite
// (web/vite/operation-routes.ts), so zod stays out of its bundle.
export * from './operations/define-operation';
export * from './operations/registry';
export * from './catalogue/catalogue.operations';
export * from './catalogue/catalogue-admin.operations';
export * from './catalogue/episode-uploads.operations';
export * from './catalogue/episode-tracks.operations';
export * from './auth/auth.operations';
export * from './community/library.operations';
export * from './community/progress.operations';
export * from './community/track-choices.operations';
export * from './community/amv.operations';
export * from './community/news.operations';
export * from './community/comments.operations';
export * from './community/profile-activity.operations';
export * from './community/notifications.operations';
export * from './community/orders.operations';
export * from './community/rankings.operations';
export * from './community/quizzes.operations';
export * from './community/reviews.operations';
export * from './moderation/reports.operations';
export * from './moderation/bans.operations';
export * from './moderation/site-admin.operations';
export * from './rewards/rewards.operations';
export * from './realtime/chat.operations';
export * from './realtime/watch-party.operations';
export * from './realtime/online.operations';
