import { ErrorCode, type CommentTarget } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { excerptOf, type ReportTargetHandler } from './report-target';

const PAGES: Record<CommentTarget['type'], string> = { anime: '/anime', news: '/news', amv: '/amv' };

export const commentTarget: ReportTargetHandler = {
  async snapshot(rpc, id, meta) {
    // `reveal`: a spoiler's text is what the admin has to judge.
    const comment = await rpc.send('community.comment.get', { id, reveal: id }, meta);
    if (comment.deleted) throw RpcError.of(ErrorCode.NotFound, 'deleted');
    return {
      authorId: comment.author.id,
      authorUsername: comment.author.username,
      excerpt: excerptOf(comment.content ?? ''),
      link: `${PAGES[comment.target.type]}/${encodeURIComponent(comment.target.id)}#comment-${comment.id}`,
    };
  },
  remove: (rpc, id, meta) => rpc.send('community.comment.delete', { id }, meta),
  honoursHolds: true,
};
