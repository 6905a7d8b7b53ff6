import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { EntityManager } from 'typeorm';
import {
  AMV_MEDIA_FOLDER,
  AMV_MESSAGES,
  amvLetterOf,
  type AmvCreateRequest,
  type AmvItem,
  type AmvLikeState,
  type AmvUpdateRequest,
  type AmvViewState,
  type AuthenticatedUser,
  type TitleRef,
} from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { changedFields, RpcError } from '@portal/platform';
import { AdminActionPublisher, type AuditChange } from '../../admin-actions/admin-action.publisher';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { normalizeSearch, toAmvItem } from '../amv-view';
import { type AmvFields, type AmvRow, AmvRepository } from '../amv.repository';
import { AMV_SETTINGS, type AmvSettings } from '../jobs/amv-transcode.job';
import { AmvTranscodeQueue } from '../jobs/amv-transcode.queue';
import { amvNotFound } from './amv-reader';

type Video = AmvCreateRequest['video'];

/** A view is counted once per viewer per UTC day; the mark outlives the day a little. */
const VIEW_MARK_SECONDS = 26 * 3600;

/**
 * Writing AMVs (admins: AMV_OPERATIONS' access asks auth before a write reaches here), likes and views.
 * Every check that can refuse runs before anything is written; each admin write commits with its
 * `community.admin.acted` (the audit log).
 */
@Injectable()
export class AmvService {
  private readonly viewKey: string;

  constructor(
    private readonly amv: AmvRepository,
    private readonly titles: AnimeRefsService,
    private readonly transcoder: AmvTranscodeQueue,
    private readonly adminActions: AdminActionPublisher,
    @Inject(AMV_SETTINGS) private readonly settings: AmvSettings,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
  ) {
    this.viewKey = `${options.keyPrefix}amv:view:`;
  }

  async create(user: AuthenticatedUser, request: AmvCreateRequest): Promise<AmvItem> {
    const { fields, titles } = await this.fieldsOf(request);
    const row = await this.amv.transaction(async (manager) => {
      const inserted = await this.amv.insert(manager, randomUUID(), fields, user.id);
      await this.published(manager, user, inserted.id, 'created', { before: null, after: auditState(inserted) });
      return inserted;
    });
    await this.transcode(row);
    return toAmvItem(row, new Set(), titles);
  }

  async update(user: AuthenticatedUser, { id, ...change }: AmvUpdateRequest): Promise<AmvItem> {
    const current = await this.amv.find(id);
    if (!current) throw amvNotFound();
    const video: Video = change.video ?? (current.upload_id ? { uploadId: current.upload_id } : { url: current.embed_url as string });
    const { fields, titles } = await this.fieldsOf({
      title: change.title ?? current.title,
      author: change.author ?? current.author,
      animeIds: change.animeIds ?? current.anime_ids,
      musicArtist: change.musicArtist !== undefined ? change.musicArtist : current.music_artist,
      musicTrack: change.musicTrack !== undefined ? change.musicTrack : current.music_track,
      durationSeconds: change.durationSeconds ?? current.duration_seconds,
      tags: change.tags ?? current.tags,
      video,
    });
    const row = await this.amv.transaction(async (manager) => {
      const locked = await this.amv.lock(manager, id);
      if (!locked) throw amvNotFound();
      const updated = await this.amv.update(manager, id, fields);
      if (updated) await this.published(manager, user, id, 'updated', changedFields(auditState(locked), auditState(updated)));
      return updated;
    });
    if (!row) throw amvNotFound();
    if (!row.hls_path) await this.transcode(row);
    return toAmvItem(row, await this.amv.likedBy(user.id, [id]), titles);
  }

  async remove(user: AuthenticatedUser, id: string): Promise<{ id: string; deleted: true }> {
    await this.amv.transaction(async (manager) => {
      const removed = await this.amv.remove(manager, id);
      if (!removed) throw amvNotFound();
      await this.published(manager, user, id, 'deleted', { before: auditState(removed), after: null });
    });
    return { id, deleted: true };
  }

  /** Liking twice keeps one like. */
  async like(user: AuthenticatedUser, id: string): Promise<AmvLikeState> {
    const likes = await this.amv.transaction(async (manager) => {
      if (!(await this.amv.lock(manager, id))) throw amvNotFound();
      return this.amv.like(manager, id, user.id);
    });
    return { id, likes, likedByMe: true };
  }

  async unlike(user: AuthenticatedUser, id: string): Promise<AmvLikeState> {
    const likes = await this.amv.transaction(async (manager) => {
      if (!(await this.amv.lock(manager, id))) throw amvNotFound();
      return this.amv.unlike(manager, id, user.id);
    });
    return { id, likes, likedByMe: false };
  }

  /** `viewer`: `user:<id>` or `guest:<hash>` (named by the gateway). The Redis mark expires after the day. */
  async view(id: string, viewer: string): Promise<AmvViewState> {
    const current = await this.amv.find(id);
    if (!current) throw amvNotFound();
    const day = new Date().toISOString().slice(0, 10);
    const first = (await this.redis.set(`${this.viewKey}${day}:${id}:${viewer}`, '1', 'EX', VIEW_MARK_SECONDS, 'NX')) === 'OK';
    if (!first) return { id, views: Number(current.views), counted: false };
    const views = await this.amv.addView(id);
    if (views === null) throw amvNotFound();
    return { id, views, counted: true };
  }

  /** What to store, and the linked titles as the catalogue knows them (for the answer). */
  private async fieldsOf(request: AmvCreateRequest): Promise<{ fields: AmvFields; titles: Map<number, TitleRef> }> {
    const { animeIds, titles } = await this.resolveTitles(request.animeIds);
    let uploadId: string | null = null;
    let embedUrl: string | null = null;
    if ('uploadId' in request.video) {
      uploadId = request.video.uploadId;
      if (!existsSync(join(this.settings.mediaDir, AMV_MEDIA_FOLDER, 'uploads', uploadId))) {
        throw RpcError.validation([{ field: 'video.uploadId', message: AMV_MESSAGES.uploadMissing }]);
      }
    } else embedUrl = request.video.url;
    const fields = {
      title: request.title,
      sortTitle: request.title.toLowerCase().replace(/ё/g, 'е'),
      letter: amvLetterOf(request.title),
      author: request.author,
      animeIds,
      musicArtist: request.musicArtist,
      musicTrack: request.musicTrack,
      durationSeconds: request.durationSeconds,
      tags: request.tags,
      uploadId,
      embedUrl,
      searchText: normalizeSearch([request.title, request.author, request.musicArtist, request.musicTrack, ...request.tags].filter(Boolean).join(' ')),
    };
    return { fields, titles };
  }

  /** Linked titles by catalogue or Shikimori id, stored as catalogue ids; an unknown one refuses the write. */
  private async resolveTitles(ids: number[]): Promise<{ animeIds: number[]; titles: Map<number, TitleRef> }> {
    if (!ids.length) return { animeIds: [], titles: new Map() };
    const found = await this.titles.peekMany(ids);
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) throw RpcError.validation([{ field: `animeIds.${missing}`, message: AMV_MESSAGES.animeNotFound }]);
    const refs = ids.map((id) => found.get(id) as TitleRef);
    return { animeIds: [...new Set(refs.map((ref) => ref.id))], titles: new Map(refs.map((ref) => [ref.id, ref])) };
  }

  private async transcode(row: AmvRow): Promise<void> {
    if (row.upload_id && this.settings.transcode) await this.transcoder.enqueue(row.upload_id);
  }

  /** An AMV has no author among the users (its `author` is the clip maker's name): the entry is about no one. */
  private published(
    manager: EntityManager,
    admin: AuthenticatedUser,
    id: string,
    action: 'created' | 'updated' | 'deleted',
    change: AuditChange,
  ): Promise<void> {
    return this.adminActions.publish(manager, admin, { target: 'amv', targetId: id, action, subjectUserId: null, ...change });
  }
}

/** An AMV as the audit log records it. */
function auditState(row: AmvRow) {
  return {
    title: row.title,
    author: row.author,
    animeIds: row.anime_ids,
    musicArtist: row.music_artist,
    musicTrack: row.music_track,
    durationSeconds: row.duration_seconds,
    tags: row.tags,
    uploadId: row.upload_id,
    embedUrl: row.embed_url,
  };
}
