import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, HttpCode, Param, Post, Req, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { GatewayEnv } from '@portal/config';
import {
  EPISODE_TRACK_MESSAGES,
  EPISODE_TRACK_UPLOAD_PATH,
  EPISODE_UPLOAD_MESSAGES,
  type EpisodeTrack,
  type EpisodeTrackKind,
  ErrorCode,
  SUBTITLE_FILE_MAX_MB,
} from '@portal/contracts';
import { episodeTrackAddRequestSchema, episodeUploadSlotRequestSchema, fieldErrorsOf } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { findFfprobe } from '@portal/platform';
import { UploaderOnly } from '../auth/access.guard';
import { refuse } from '../http/edge-validation.pipe';
import { type GatewayRequest, metaOf } from '../http/request-meta.decorator';
import { invalid, invalidField, malformedMultipart, tooLarge } from '../uploads/multipart-form';
import { EPISODE_INCOMING_FOLDER } from './episode-uploads';
import { probeTrack } from './probe-video';
import { MEDIA_TYPES } from './serve-media';

/** Where uploaded track files wait for the catalogue's processing, relative to MEDIA_DIR (EPISODE_TRACK_KEY_PATTERN). */
export const EPISODE_TRACK_INCOMING_FOLDER = `${EPISODE_INCOMING_FOLDER}/tracks`;

class EpisodeParams extends createZodDto(episodeUploadSlotRequestSchema) {}
const trackFieldsSchema = episodeTrackAddRequestSchema.pick({ kind: true, team: true, language: true });
type CheckedFields = ReturnType<typeof trackFieldsSchema.safeParse>;

const MB = 1024 * 1024;

/** The form's file as it streamed to disk, with the fields sent before it. */
interface FilePart {
  checked: CheckedFields;
  /** Relative to MEDIA_DIR. */
  uploadKey: string;
  path: string;
  fileName: string;
  size: number;
  /** Past its kind's limit: its bytes from there on were dropped. */
  tooLarge: boolean;
}

/**
 * The file's own extension, which helps ffprobe tell formats apart, unless /media/ would serve it (an
 * uploaded .vtt or .mp4 must not be downloadable before it is processed): then `bin`.
 */
function extensionOf(fileName: string): string {
  const extension = extname(fileName).slice(1).toLowerCase();
  return /^[a-z0-9]{2,5}$/.test(extension) && !Object.hasOwn(MEDIA_TYPES, `.${extension}`) ? extension : 'bin';
}

/**
 * The upload of a voice-over or subtitle file to a transcoded episode (docs/media.md, «Voice-overs and
 * subtitles added later»): multipart with `kind`, `team`, `language` before `file`, so the file's size
 * limit is its kind's. The file streams to MEDIA_DIR/episodes/incoming/tracks, ffprobe must find a
 * stream of its kind in it, and the catalogue adds it as a track and queues its processing. A refused
 * file is deleted.
 */
export function createEpisodeTracksController(config: Pick<GatewayEnv, 'MEDIA_DIR' | 'EPISODE_TRACK_UPLOAD_MAX_MB'>): Type<unknown> {
  const incoming = join(config.MEDIA_DIR, EPISODE_TRACK_INCOMING_FOLDER);
  const maxMbOf = (kind: EpisodeTrackKind | undefined) => (kind === 'subtitles' ? SUBTITLE_FILE_MAX_MB : config.EPISODE_TRACK_UPLOAD_MAX_MB);

  /** Streams the form's one file to `<uuid>.<extension>`; whatever it refuses leaves no file. */
  async function receive(request: GatewayRequest): Promise<FilePart & { checked: { success: true } }> {
    if (!request.isMultipart()) throw invalid([{ field: 'body', message: EPISODE_TRACK_MESSAGES.fileMissing }]);
    await mkdir(incoming, { recursive: true });
    const fields: Record<string, string> = {};
    let file: FilePart | undefined;
    try {
      const largest = Math.max(config.EPISODE_TRACK_UPLOAD_MAX_MB, SUBTITLE_FILE_MAX_MB) * MB;
      for await (const part of request.parts({ limits: { fileSize: largest, files: 1, fields: 10, fieldSize: 1024 } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        // The fields came first: the file is judged by them, its bytes dropped once it is refused (so the client still gets its answer).
        const checked = trackFieldsSchema.safeParse({ kind: fields.kind, team: fields.team, language: fields.language?.trim() || null });
        const limit = maxMbOf(checked.data?.kind) * MB;
        const uploadKey = `${EPISODE_TRACK_INCOMING_FOLDER}/${randomUUID()}.${extensionOf(part.filename ?? '')}`;
        const fileName = part.filename?.trim().slice(0, 255) || 'track';
        const stored: FilePart = { checked, uploadKey, path: join(config.MEDIA_DIR, uploadKey), fileName, size: 0, tooLarge: false };
        file = stored;
        const within = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            stored.size += chunk.length;
            done(null, checked.success && stored.size <= limit ? chunk : undefined);
          },
        });
        await pipeline(part.file, within, createWriteStream(stored.path));
        stored.tooLarge = stored.size > limit;
      }
    } catch (error) {
      if (!file) throw malformedMultipart(error) ?? error;
      await rm(file.path, { force: true });
      // Past the largest limit of any kind, the multipart reader stops the file itself.
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge('file', EPISODE_TRACK_MESSAGES.fileTooLarge(maxMbOf(file.checked.data?.kind)));
      throw malformedMultipart(error) ?? error;
    }
    if (!file) throw invalidField('file', EPISODE_TRACK_MESSAGES.fileMissing);
    const { checked } = file;
    if (checked.success && !file.tooLarge && file.size > 0) return { ...file, checked };
    await rm(file.path, { force: true });
    if (!checked.success) refuse(fieldErrorsOf(checked.error));
    if (file.tooLarge) throw tooLarge('file', EPISODE_TRACK_MESSAGES.fileTooLarge(maxMbOf(checked.data.kind)));
    throw invalidField('file', EPISODE_TRACK_MESSAGES.fileMissing);
  }

  @ApiTags('episode-uploads')
  @Controller()
  class EpisodeTracksController {
    constructor(readonly rpc: RpcClient) {}

    @Post(EPISODE_TRACK_UPLOAD_PATH.replace(/^\/api\//, ''))
    @UploaderOnly()
    @HttpCode(201)
    @ApiBearerAuth()
    @ApiConsumes('multipart/form-data')
    @ApiBody({
      schema: {
        type: 'object',
        required: ['kind', 'team', 'file'],
        properties: {
          kind: { type: 'string', enum: ['audio', 'subtitles'] },
          team: { type: 'string', maxLength: 100 },
          language: { type: 'string', description: 'BCP 47: ru, ja, en' },
          file: { type: 'string', format: 'binary' },
        },
      },
    })
    @ApiOperation({
      summary:
        `Uploader: add a voice-over (an audio stream, up to ${config.EPISODE_TRACK_UPLOAD_MAX_MB} MB) or subtitles (SRT, ASS or VTT, up to ` +
        `${SUBTITLE_FILE_MAX_MB} MB) to a transcoded episode; answers the track, processing`,
    })
    async upload(@Param() { animeId, number }: EpisodeParams, @Req() request: GatewayRequest): Promise<EpisodeTrack> {
      const { checked, uploadKey, path, fileName } = await receive(request);
      const fields = checked.data;
      try {
        const ffprobe = findFfprobe();
        if (!ffprobe) throw new RemoteServiceError({ code: ErrorCode.ServiceUnavailable, message: EPISODE_UPLOAD_MESSAGES.noFfprobe });
        const codec = await probeTrack(ffprobe, path, fields.kind);
        if (!codec) throw invalidField('file', fields.kind === 'audio' ? EPISODE_TRACK_MESSAGES.notAudio : EPISODE_TRACK_MESSAGES.notSubtitles);
        return await this.rpc.send('catalogue.episodes.add-track', { animeId, number, ...fields, uploadKey, fileName, codec }, metaOf(request));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    }
  }

  return EpisodeTracksController;
}
