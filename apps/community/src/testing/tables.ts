/**
 * The community's tables as the fake database (FakeDatabase, @portal/testing) names them: fakes of
 * different repositories read each other's rows through these, as the real queries join them.
 */
export const TABLES = {
  animeRefs: 'community.anime_refs',
  userRefs: 'community.user_refs',
  comments: 'community.comments',
  commentLikes: 'community.comment_likes',
  listEntries: 'community.list_entries',
  progress: 'community.progress',
  rankingCounters: 'community.ranking_counters',
  adminActions: 'community.admin_actions',
} as const;
