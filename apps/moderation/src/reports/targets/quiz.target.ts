import { reportTargetLink } from '@portal/contracts';
import { excerptOf, type ReportTargetHandler } from './report-target';

/** A user's quiz: its title and description as reported; deleting it is the community's own delete. */
export const quizTarget: ReportTargetHandler = {
  async snapshot(rpc, id, meta) {
    const quiz = await rpc.send('community.quiz.get', { id }, meta);
    return {
      authorId: quiz.author.id,
      authorUsername: quiz.author.username,
      excerpt: excerptOf(quiz.description ? `${quiz.title}\n${quiz.description}` : quiz.title),
      link: reportTargetLink.quiz(quiz.id),
    };
  },
  remove: (rpc, id, meta) => rpc.send('community.quiz.delete', { id }, meta),
  // Quizzes are moderated before publication already; a reported one waits for an admin, not a count.
  honoursHolds: false,
};
