import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { COMMENTS_OPERATIONS } from '@portal/contracts/operations';
import type {
  AmvCommentCreateRequest,
  AmvCommentsListRequest,
  AnimeCommentCreateRequest,
  AnimeCommentsListRequest,
  CommentGetRequest,
  CommentIdRequest,
  CommentUpdateRequest,
  LatestCommentsRequest,
  NewsCommentCreateRequest,
  NewsCommentsListRequest,
} from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { CommentsReader } from './services/comments-reader';
import { CommentsService } from './services/comments.service';

/**
 * Comments (docs/community.md, «Comments»). The author is always the caller, never the body. Each
 * route that fixes a target (a title, a news item, an AMV) is mapped here onto the generic target.
 * Whether a caller may delete someone else's comment (an admin) is the service's to decide.
 */
@Controller()
export class CommentsMessageController {
  constructor(
    private readonly comments: CommentsService,
    private readonly reader: CommentsReader,
  ) {}

  @HandlesOperation(COMMENTS_OPERATIONS.create)
  create(@Input() { animeId, ...comment }: AnimeCommentCreateRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.create(user, { target: { type: 'anime', id: animeId }, ...comment });
  }

  @HandlesOperation(COMMENTS_OPERATIONS.createOnNews)
  createOnNews(@Input() { id, ...comment }: NewsCommentCreateRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.create(user, { target: { type: 'news', id }, ...comment });
  }

  @HandlesOperation(COMMENTS_OPERATIONS.createOnAmv)
  createOnAmv(@Input() { id, ...comment }: AmvCommentCreateRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.create(user, { target: { type: 'amv', id }, ...comment });
  }

  @HandlesOperation(COMMENTS_OPERATIONS.ofAnime)
  ofAnime(@Input() { id, ...page }: AnimeCommentsListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.threads(viewer, { target: { type: 'anime', id }, ...page });
  }

  @HandlesOperation(COMMENTS_OPERATIONS.ofNews)
  ofNews(@Input() { id, ...page }: NewsCommentsListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.threads(viewer, { target: { type: 'news', id }, ...page });
  }

  @HandlesOperation(COMMENTS_OPERATIONS.ofAmv)
  ofAmv(@Input() { id, ...page }: AmvCommentsListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.threads(viewer, { target: { type: 'amv', id }, ...page });
  }

  @HandlesOperation(COMMENTS_OPERATIONS.latest)
  latest(@Input() { limit }: LatestCommentsRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.latest(viewer, limit);
  }

  @HandlesOperation(COMMENTS_OPERATIONS.get)
  get(@Input() { id, reveal }: CommentGetRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.one(viewer, id, reveal);
  }

  @HandlesOperation(COMMENTS_OPERATIONS.update)
  update(@Input() { id, content }: CommentUpdateRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.update(user, id, content);
  }

  @HandlesOperation(COMMENTS_OPERATIONS.delete)
  remove(@Input() { id }: CommentIdRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.remove(user, id);
  }

  @HandlesOperation(COMMENTS_OPERATIONS.like)
  like(@Input() { id }: CommentIdRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.like(user, id);
  }

  @HandlesOperation(COMMENTS_OPERATIONS.unlike)
  unlike(@Input() { id }: CommentIdRequest, @Caller() user: AuthenticatedUser) {
    return this.comments.unlike(user, id);
  }
}
