import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type AuthenticatedUser,
  ErrorCode,
  QUIZ_DAILY_LIMIT,
  QUIZ_MESSAGES,
  QUIZ_PENDING_LIMIT,
  type QuizEditable,
  type QuizUpdateRequest,
  type QuizWriteRequest,
  type TitleRef,
} from '@portal/contracts';
import { changedFields, RpcError } from '@portal/platform';
import { AdminActionPublisher } from '../../admin-actions/admin-action.publisher';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { Accounts } from '../../accounts/accounts';
import { UserRefsRepository } from '../../accounts/user-refs.repository';
import { quizNotFound } from '../quiz-errors';
import { toQuizEditable } from '../quiz-view';
import { type QuizContent, type QuizRow, QuizzesRepository } from '../quizzes.repository';
import { QuizAccess } from './quiz-access';
import { existingRow } from '@portal/db';

/**
 * Writing quizzes: a new or edited quiz waits for moderation. Every check that can refuse runs
 * before anything is written, or rolls its transaction back, so a refusal leaves no row.
 */
@Injectable()
export class QuizzesService {
  constructor(
    private readonly quizzes: QuizzesRepository,
    private readonly access: QuizAccess,
    private readonly titles: AnimeRefsService,
    private readonly users: UserRefsRepository,
    private readonly accounts: Accounts,
    private readonly adminActions: AdminActionPublisher,
  ) {}

  /** A new quiz, pending; at most QUIZ_PENDING_LIMIT waiting and QUIZ_DAILY_LIMIT a day per author (429). */
  async create(user: AuthenticatedUser, request: QuizWriteRequest): Promise<QuizEditable> {
    const anime = await this.linkedTitles(request.animeIds);
    const author = (await this.users.exists(user.id)) ? null : await this.accounts.profileOf(user);
    const id = randomUUID();
    let kept = () => {};
    const row = await this.quizzes.transaction(async (manager) => {
      await this.quizzes.lockAuthor(manager, user.id);
      const counts = await this.quizzes.countBy(manager, user.id);
      if (counts.pending >= QUIZ_PENDING_LIMIT) throw RpcError.of(ErrorCode.RateLimited, QUIZ_MESSAGES.pendingLimit);
      if (counts.today >= QUIZ_DAILY_LIMIT) throw RpcError.of(ErrorCode.RateLimited, QUIZ_MESSAGES.dailyLimit);
      if (author) await this.users.ensure(manager, author);
      kept = await this.titles.keep(anime, manager);
      await this.quizzes.insert(manager, id, user.id, contentOf(request, anime));
      return existingRow(await this.quizzes.find(id, manager), `quiz ${id}`);
    });
    kept();
    return toQuizEditable(row, { id: user.id, isAdmin: false, best: null });
  }

  /**
   * The author or an admin replaces the quiz; it goes back to pending (attempts under way can no longer
   * be scored). An admin editing someone's quiz commits `community.admin.acted` with the fields changed.
   */
  async update(user: AuthenticatedUser, { id, ...request }: QuizUpdateRequest): Promise<QuizEditable> {
    const { isAdmin } = await this.access.requireEditor(user, await this.quizzes.find(id));
    const anime = await this.linkedTitles(request.animeIds);
    let kept = () => {};
    const row = await this.quizzes.transaction(async (manager) => {
      const current = await this.lockExisting(manager, id);
      kept = await this.titles.keep(anime, manager);
      await this.quizzes.replace(manager, id, contentOf(request, anime));
      const replaced = existingRow(await this.quizzes.find(id, manager), `quiz ${id}`);
      if (current.author_id !== user.id) {
        const change = changedFields(auditState(current), auditState(replaced));
        await this.adminActions.publish(manager, user, { target: 'quiz', targetId: id, action: 'updated', subjectUserId: current.author_id, ...change });
      }
      return replaced;
    });
    kept();
    return toQuizEditable(row, { id: user.id, isAdmin, best: null });
  }

  /**
   * The author or an admin removes the quiz with its attempts and results. An admin removing someone's
   * quiz (the moderation's report decisions come this way too) commits `community.admin.acted` with it.
   */
  async delete(user: AuthenticatedUser, id: string): Promise<{ id: string; deleted: true }> {
    await this.access.requireEditor(user, await this.quizzes.find(id));
    await this.quizzes.transaction(async (manager) => {
      const current = await this.lockExisting(manager, id);
      await this.quizzes.delete(manager, id);
      if (current.author_id === user.id) return;
      await this.adminActions.publish(manager, user, {
        target: 'quiz',
        targetId: id,
        action: 'deleted',
        subjectUserId: current.author_id,
        before: auditState(current),
        after: null,
      });
    });
    return { id, deleted: true };
  }

  private async lockExisting(manager: EntityManager, id: string): Promise<QuizRow> {
    const current = await this.quizzes.lock(manager, id);
    if (!current) throw quizNotFound();
    return current;
  }

  private async linkedTitles(ids: number[]): Promise<TitleRef[]> {
    const found = await this.titles.peekMany(ids);
    const unknown = ids.findIndex((id) => !found.has(id));
    if (unknown >= 0) throw RpcError.validation([{ field: `animeIds.${unknown}`, message: QUIZ_MESSAGES.animeNotFound }]);
    return ids.map((id) => found.get(id) as TitleRef);
  }
}

/** A quiz as the audit log records an admin's action on it. */
function auditState(row: QuizRow) {
  return { title: row.title, description: row.description, animeIds: row.anime_ids, questionCount: row.question_count, status: row.status };
}

/** `anime`: the linked titles as the catalogue knows them (a Shikimori id given is stored as the catalogue's). */
function contentOf(request: QuizWriteRequest, anime: TitleRef[]): QuizContent {
  return {
    title: request.title,
    description: request.description,
    cover: request.cover,
    animeIds: [...new Set(anime.map((title) => title.id))],
    questions: request.questions,
    timeLimitSeconds: request.timeLimitSeconds,
  };
}
