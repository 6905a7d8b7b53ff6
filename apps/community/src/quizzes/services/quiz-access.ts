import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { Accounts } from '../../accounts/accounts';
import { quizForbidden, quizNotFound } from '../quiz-errors';
import type { QuizRow } from '../quizzes.repository';

/** Who may see and change a quiz: everyone an approved one; its author and admins any. */
@Injectable()
export class QuizAccess {
  constructor(private readonly accounts: Accounts) {}

  /** For reads: whether the viewer is an admin (false for guests, and when auth cannot say). */
  async isAdmin(viewer: AuthenticatedUser | undefined): Promise<boolean> {
    return viewer ? this.accounts.isAdminOrNot(viewer) : false;
  }

  /** The quiz's author, or an admin; otherwise a 403 (404 when the caller could not even see it). */
  async requireEditor(user: AuthenticatedUser, quiz: QuizRow | null): Promise<{ quiz: QuizRow; isAdmin: boolean }> {
    if (!quiz) throw quizNotFound();
    if (quiz.author_id === user.id) return { quiz, isAdmin: await this.accounts.isAdminOrNot(user) };
    if (await this.accounts.isAdmin(user)) return { quiz, isAdmin: true };
    if (quiz.status !== 'approved') throw quizNotFound();
    throw quizForbidden();
  }

  /** Whether the viewer may see this quiz at all (approved, or theirs, or they are an admin). */
  async visible(viewer: AuthenticatedUser | undefined, quiz: QuizRow): Promise<{ visible: boolean; isAdmin: boolean }> {
    // Auth is asked only when the answer matters: for an approved quiz or its author it does not.
    if (quiz.status === 'approved' || quiz.author_id === viewer?.id) return { visible: true, isAdmin: false };
    const isAdmin = await this.isAdmin(viewer);
    return { visible: isAdmin, isAdmin };
  }
}
