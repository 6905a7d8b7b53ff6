import { reportTargetLink } from '@portal/contracts';
import { excerptOf, type ReportTargetHandler } from './report-target';

export const reviewTarget: ReportTargetHandler = {
  async snapshot(rpc, id, meta) {
    const review = await rpc.send('community.review.get', { id }, meta);
    return {
      authorId: review.author.id,
      authorUsername: review.author.username,
      excerpt: excerptOf(review.title ? `${review.title}\n${review.text}` : review.text),
      link: reportTargetLink.review(review.animeId, review.id),
    };
  },
  remove: (rpc, id, meta) => rpc.send('community.review.delete', { id }, meta),
  honoursHolds: true,
};
