import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import {
  amvAdjacentSchema,
  amvCreateSchema,
  amvListQuerySchema,
  amvParamsSchema,
  amvPlaylistAddSchema,
  amvPlaylistReorderSchema,
  amvSearchQuerySchema,
  amvUpdateSchema,
  amvViewSchema,
} from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { AmvPlaylistService } from './services/amv-playlist.service';
import { AmvReader } from './services/amv-reader';
import { AmvService } from './services/amv.service';

/** AMV clips and the personal playlist (docs/community.md, «AMV»). The admin role is asked of auth. */
@Controller()
export class AmvMessageController {
  constructor(
    private readonly amv: AmvService,
    private readonly reader: AmvReader,
    private readonly playlist: AmvPlaylistService,
  ) {}

  @MessagePattern('community.amv.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.list(meta.user, validatePayload(amvListQuerySchema, data));
  }

  @MessagePattern('community.amv.top')
  top(@Payload() { meta }: RpcRequest<unknown>) {
    return this.reader.top(meta.user);
  }

  @MessagePattern('community.amv.search')
  search(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.search(meta.user, validatePayload(amvSearchQuerySchema, data).q);
  }

  @MessagePattern('community.amv.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.one(meta.user, validatePayload(amvParamsSchema, data).id);
  }

  @MessagePattern('community.amv.adjacent')
  adjacent(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.adjacent(meta.user, validatePayload(amvAdjacentSchema, data));
  }

  @MessagePattern('community.amv.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.amv.create(user, validatePayload(amvCreateSchema, data));
  }

  @MessagePattern('community.amv.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.amv.update(user, validatePayload(amvUpdateSchema, data));
  }

  @MessagePattern('community.amv.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.amv.remove(user, validatePayload(amvParamsSchema, data).id);
  }

  @MessagePattern('community.amv.like')
  like(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.amv.like(user, validatePayload(amvParamsSchema, data).id);
  }

  @MessagePattern('community.amv.unlike')
  unlike(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.amv.unlike(user, validatePayload(amvParamsSchema, data).id);
  }

  @MessagePattern('community.amv.view')
  view(@Payload() { data }: RpcRequest<unknown>) {
    const { id, viewer } = validatePayload(amvViewSchema, data);
    return this.amv.view(id, viewer);
  }

  @MessagePattern('community.amv-playlist.get')
  playlistGet(@Payload() { meta }: RpcRequest<unknown>) {
    return this.playlist.get(signedIn(meta.user));
  }

  @MessagePattern('community.amv-playlist.add')
  playlistAdd(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.playlist.add(user, validatePayload(amvPlaylistAddSchema, data).amvId);
  }

  @MessagePattern('community.amv-playlist.remove')
  playlistRemove(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.playlist.remove(user, validatePayload(amvPlaylistAddSchema, data).amvId);
  }

  @MessagePattern('community.amv-playlist.reorder')
  playlistReorder(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.playlist.reorder(user, validatePayload(amvPlaylistReorderSchema, data).ids);
  }
}
