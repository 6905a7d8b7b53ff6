import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '@portal/contracts';
import { FakeDatabase, FakeRedis, newTestService, RecordingOutbox } from '@portal/testing';
import { FakeAccounts } from '../../testing/fake-accounts';
import { FakeAnimeRefs } from '../../testing/fake-anime-refs';
import { FakeUserRefs } from '../../testing/fake-user-refs';
import { type CommentLimitSettings, CommentLimits } from '../services/comment-limits';
import { CommentsReader } from '../services/comments-reader';
import { CommentsService } from '../services/comments.service';
import { FakeAmv, FakeNews, FakeRankings, RecordingAdminActions, RecordingCommentsPusher, RecordingLikesPusher } from './comment-collaborators';
import { FakeCommentsRepository } from './fake-comments.repository';

/**
 * The comments' writer and reader on one fake database, with the real CommentLimits on a FakeRedis
 * (its daily cap reads the fake comments table; its per-user window is the real rate limiter's).
 * `limits` defaults to a window of 30 s and 5 comments a day.
 */
export function commentsKit(limits: CommentLimitSettings = { perSeconds: 30, daily: 5 }) {
  const db = new FakeDatabase();
  const redis = new FakeRedis();
  const comments = new FakeCommentsRepository(db);
  const users = new FakeUserRefs(db);
  const titles = new FakeAnimeRefs(db);
  const accounts = new FakeAccounts();
  const outbox = new RecordingOutbox(db);
  const pusher = new RecordingCommentsPusher(db);
  const likesPusher = new RecordingLikesPusher(db);
  const amv = new FakeAmv();
  const news = new FakeNews();
  const rankings = new FakeRankings(db);
  const adminActions = new RecordingAdminActions(db);
  const { sut: commentLimits } = newTestService(CommentLimits, [comments, redis.client, { url: '', keyPrefix: 'unit:' }, limits]);
  const { sut: service } = newTestService(CommentsService, [
    comments,
    users,
    titles,
    commentLimits,
    accounts,
    outbox,
    pusher,
    likesPusher,
    amv,
    news,
    rankings,
    adminActions,
  ]);
  const { sut: reader } = newTestService(CommentsReader, [comments, titles, accounts, amv, news]);

  /** A signed-in account the community knows (its user ref stored, as auth's event would). */
  const member = (username: string): AuthenticatedUser => {
    const user = { id: randomUUID(), username };
    users.add(user.id, username);
    return user;
  };

  return {
    db,
    redis,
    comments,
    users,
    titles,
    accounts,
    outbox,
    pusher,
    likesPusher,
    amv,
    news,
    rankings,
    adminActions,
    commentLimits,
    service,
    reader,
    member,
  };
}

export type CommentsKit = ReturnType<typeof commentsKit>;
