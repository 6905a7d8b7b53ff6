import { Controller } from '@nestjs/common';
import type { AmvAdjacentRequest, AmvCreateRequest, AmvListRequest, AmvUpdateRequest, AuthenticatedUser } from '@portal/contracts';
import { AMV_OPERATIONS, AMV_PLAYLIST_OPERATIONS, AMV_VIEW_OPERATIONS } from '@portal/contracts/operations';
import type { AmvIdRequest, AmvPlaylistItemRequest, AmvPlaylistReorderRequest, AmvSearchRequest, AmvViewRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { AmvPlaylistService } from './services/amv-playlist.service';
import { AmvReader } from './services/amv-reader';
import { AmvService } from './services/amv.service';

/**
 * AMV clips and the personal playlist (docs/community.md, «AMV»). Reads are public, likes and the
 * playlist the signed-in user's, writes the admins' (checked by the operations' access).
 */
@Controller()
export class AmvMessageController {
  constructor(
    private readonly amv: AmvService,
    private readonly reader: AmvReader,
    private readonly playlist: AmvPlaylistService,
  ) {}

  @HandlesOperation(AMV_OPERATIONS.list)
  list(@Input() query: AmvListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.list(viewer, query);
  }

  @HandlesOperation(AMV_OPERATIONS.top)
  top(@Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.top(viewer);
  }

  @HandlesOperation(AMV_OPERATIONS.search)
  search(@Input() { q }: AmvSearchRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.search(viewer, q);
  }

  @HandlesOperation(AMV_OPERATIONS.get)
  get(@Input() { id }: AmvIdRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.one(viewer, id);
  }

  @HandlesOperation(AMV_OPERATIONS.adjacent)
  adjacent(@Input() request: AmvAdjacentRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.adjacent(viewer, request);
  }

  @HandlesOperation(AMV_OPERATIONS.create)
  create(@Input() request: AmvCreateRequest, @Caller() admin: AuthenticatedUser) {
    return this.amv.create(admin, request);
  }

  @HandlesOperation(AMV_OPERATIONS.update)
  update(@Input() change: AmvUpdateRequest, @Caller() admin: AuthenticatedUser) {
    return this.amv.update(admin, change);
  }

  @HandlesOperation(AMV_OPERATIONS.delete)
  remove(@Input() { id }: AmvIdRequest, @Caller() admin: AuthenticatedUser) {
    return this.amv.remove(admin, id);
  }

  @HandlesOperation(AMV_OPERATIONS.like)
  like(@Input() { id }: AmvIdRequest, @Caller() user: AuthenticatedUser) {
    return this.amv.like(user, id);
  }

  @HandlesOperation(AMV_OPERATIONS.unlike)
  unlike(@Input() { id }: AmvIdRequest, @Caller() user: AuthenticatedUser) {
    return this.amv.unlike(user, id);
  }

  /** The viewer is named by the gateway (apps/gateway/src/community/amv.controller.ts), not the caller. */
  @HandlesOperation(AMV_VIEW_OPERATIONS.count)
  view(@Input() { id, viewer }: AmvViewRequest) {
    return this.amv.view(id, viewer);
  }

  @HandlesOperation(AMV_PLAYLIST_OPERATIONS.get)
  playlistGet(@Caller() user: AuthenticatedUser) {
    return this.playlist.get(user);
  }

  @HandlesOperation(AMV_PLAYLIST_OPERATIONS.add)
  playlistAdd(@Input() { amvId }: AmvPlaylistItemRequest, @Caller() user: AuthenticatedUser) {
    return this.playlist.add(user, amvId);
  }

  @HandlesOperation(AMV_PLAYLIST_OPERATIONS.remove)
  playlistRemove(@Input() { amvId }: AmvPlaylistItemRequest, @Caller() user: AuthenticatedUser) {
    return this.playlist.remove(user, amvId);
  }

  @HandlesOperation(AMV_PLAYLIST_OPERATIONS.reorder)
  playlistReorder(@Input() { ids }: AmvPlaylistReorderRequest, @Caller() user: AuthenticatedUser) {
    return this.playlist.reorder(user, ids);
  }
}
