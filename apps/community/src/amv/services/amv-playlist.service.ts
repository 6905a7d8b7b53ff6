import { Injectable } from '@nestjs/common';
import { AMV_MESSAGES, AMV_PLAYLIST_MAX, ErrorCode, type AmvPlaylist, type AuthenticatedUser } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AmvRepository } from '../amv.repository';
import { AmvReader, amvNotFound } from './amv-reader';

/** The caller's own AMV playlist: add to the end, remove, and reorder by the whole list. */
@Injectable()
export class AmvPlaylistService {
  constructor(
    private readonly amv: AmvRepository,
    private readonly reader: AmvReader,
  ) {}

  async get(user: AuthenticatedUser): Promise<AmvPlaylist> {
    const ids = await this.amv.playlistIds(user.id);
    const rows = new Map((await this.amv.findMany(ids)).map((row) => [row.id, row]));
    return {
      items: await this.reader.items(
        user,
        ids.flatMap((id) => rows.get(id) ?? []),
      ),
    };
  }

  async add(user: AuthenticatedUser, amvId: string): Promise<AmvPlaylist> {
    await this.amv.transaction(async (manager) => {
      await this.amv.lockPlaylist(manager, user.id);
      if (!(await this.amv.find(amvId, manager))) throw amvNotFound();
      const current = await this.amv.playlistIds(user.id, manager);
      if (current.includes(amvId))
        throw RpcError.of(ErrorCode.Conflict, AMV_MESSAGES.playlistDuplicate, { errors: [{ field: 'amvId', message: AMV_MESSAGES.playlistDuplicate }] });
      if (current.length >= AMV_PLAYLIST_MAX) throw RpcError.validation([{ field: 'amvId', message: AMV_MESSAGES.playlistFull }]);
      await this.amv.playlistAppend(manager, user.id, amvId);
    });
    return this.get(user);
  }

  async remove(user: AuthenticatedUser, amvId: string): Promise<AmvPlaylist> {
    const removed = await this.amv.transaction(async (manager) => {
      await this.amv.lockPlaylist(manager, user.id);
      return this.amv.playlistRemove(manager, user.id, amvId);
    });
    if (!removed) throw RpcError.of(ErrorCode.NotFound, AMV_MESSAGES.playlistMissing);
    return this.get(user);
  }

  /** `ids` must be exactly the playlist's AMVs, each once, in the new order. */
  async reorder(user: AuthenticatedUser, ids: string[]): Promise<AmvPlaylist> {
    await this.amv.transaction(async (manager) => {
      await this.amv.lockPlaylist(manager, user.id);
      const current = await this.amv.playlistIds(user.id, manager);
      const held = new Set(current);
      if (ids.length !== current.length || ids.some((id) => !held.has(id))) {
        throw RpcError.validation([{ field: 'ids', message: AMV_MESSAGES.playlistOrder }]);
      }
      await this.amv.playlistOrder(manager, user.id, ids);
    });
    return this.get(user);
  }
}
