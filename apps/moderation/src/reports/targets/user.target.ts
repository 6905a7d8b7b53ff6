import { reportTargetLink } from '@portal/contracts';
import { excerptOf, type ReportTargetHandler } from './report-target';

/** An account (its nickname, its profile): nothing to delete; a ban comes with issue #20's bans. */
export const userTarget: ReportTargetHandler = {
  async snapshot(rpc, id, meta) {
    const user = await rpc.send('auth.user.by-id', { userId: id }, meta);
    return { authorId: user.id, authorUsername: user.username, excerpt: excerptOf(user.displayName), link: reportTargetLink.user(user.username) };
  },
  remove: null,
  honoursHolds: false,
};
