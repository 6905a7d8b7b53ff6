import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { GatewayEnv } from '@portal/config';
import {
  type ApiFailure,
  EPISODE_UPLOAD_MESSAGES,
  EPISODE_UPLOADS_PATH,
  ErrorCode,
  GENERIC_MESSAGES,
  HTTP_STATUS_BY_CODE,
  type RpcMeta,
} from '@portal/contracts';
import { episodeUploadSlotRequestSchema } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { findFfprobe } from '@portal/platform';
import { AccessGuard } from '../auth/access.guard';
import { type GatewayRequest, metaOf } from '../http/request-meta.decorator';
import { probeVideo } from './probe-video';

/** Where finished and unfinished uploads lie, relative to MEDIA_DIR; the catalogue's transcoder reads them there. */
export const EPISODE_INCOMING_FOLDER = 'episodes/incoming';

/** The caller as the gateway checked it, by the Node request tus's hooks see (srvx's `runtime.node.req`). */
const callers = new WeakMap<object, RpcMeta>();

const callerOf = (request: { runtime?: { node?: { req: object } } }): RpcMeta => {
  const caller = request.runtime?.node && callers.get(request.runtime.node.req);
  if (!caller) throw refusal(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
  return caller;
};

/** A refusal as tus sends it (its `status_code` and `body` fields): the API's envelope as the body. */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

const envelopeOf = (code: ErrorCode, message: string, field?: string) =>
  JSON.stringify({ success: false, code, message, ...(field && { errors: [{ field, message }] }) } satisfies ApiFailure);

const refusal = (code: ErrorCode, message: string, field?: string) => new TusRefusal(HTTP_STATUS_BY_CODE[code] ?? 500, envelopeOf(code, message, field));

const refusalOf = (error: unknown): TusRefusal =>
  error instanceof RemoteServiceError
    ? refusal(error.payload.code, error.payload.message)
    : refusal(ErrorCode.ServiceUnavailable, GENERIC_MESSAGES.serviceUnavailable);

/** tus's own refusals (plain text) in the envelope, in Russian where a user can meet them. */
function asEnvelope(error: Error | { status_code: number; body: string }, maxMb: number): { status_code: number; body: string } {
  if (!('status_code' in error)) return refusal(ErrorCode.Internal, GENERIC_MESSAGES.internal);
  if (error.body.startsWith('{')) return error;
  if (error.status_code === 413) return refusal(ErrorCode.PayloadTooLarge, EPISODE_UPLOAD_MESSAGES.fileTooLarge(maxMb), 'file');
  if (error.status_code === 404 || error.status_code === 410) return refusal(ErrorCode.NotFound, EPISODE_UPLOAD_MESSAGES.sourceNotFound);
  const code = error.status_code === 409 ? ErrorCode.Conflict : ErrorCode.ValidationFailed;
  return { status_code: error.status_code, body: envelopeOf(code, error.body.trim()) };
}

/**
 * The resumable upload of episode sources (tus 1.0.0, docs/media.md «Uploading episodes») at
 * /api/episode-uploads, for uploaders. Before a byte is taken the catalogue says whether the title and
 * the number are free; once the file is whole ffprobe must find a video in it, and the catalogue
 * registers it as the episode's source and queues its transcode. A refused file is deleted. The body
 * streams to disk as it arrives (never buffered whole), and an upload another user started is not found.
 */
export async function serveEpisodeUploads(
  app: NestFastifyApplication,
  config: Pick<GatewayEnv, 'MEDIA_DIR' | 'EPISODE_UPLOAD_MAX_MB' | 'EPISODE_UPLOAD_EXPIRY_HOURS'>,
  logger: Logger,
): Promise<TusServer> {
  const directory = join(config.MEDIA_DIR, EPISODE_INCOMING_FOLDER);
  await mkdir(directory, { recursive: true });
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: config.EPISODE_UPLOAD_EXPIRY_HOURS * 3_600_000 });
  const access = app.get(AccessGuard);
  const rpc = app.get(RpcClient);
  const maxMb = config.EPISODE_UPLOAD_MAX_MB;

  const tus = new TusServer({
    path: EPISODE_UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: maxMb * 1024 * 1024,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(request, upload) {
      const caller = callerOf(request);
      const metadata = upload.metadata ?? {};
      const slotRequest = episodeUploadSlotRequestSchema.safeParse({ animeId: metadata.animeId, number: metadata.number });
      const fileName = metadata.filename?.trim();
      if (!slotRequest.success || !fileName || fileName.length > 255) {
        throw refusal(ErrorCode.ValidationFailed, slotRequest.success ? EPISODE_UPLOAD_MESSAGES.metadataMissing : slotRequest.error.issues[0].message);
      }
      const slot = await rpc.send('catalogue.episodes.upload-slot', slotRequest.data, caller).catch((error: unknown) => {
        throw refusalOf(error);
      });
      return { metadata: { ...metadata, animeId: String(slot.animeId), filename: fileName, uploaderId: caller.user?.id ?? null } };
    },
    async onUploadFinish(request, upload) {
      await register(upload, callerOf(request)).catch(async (error: unknown) => {
        await store.remove(upload.id).catch(() => undefined);
        throw error;
      });
      return {};
    },
    onResponseError: (_request, error) => asEnvelope(error, maxMb),
  });

  async function register(upload: Upload, caller: RpcMeta): Promise<void> {
    const ffprobe = findFfprobe();
    if (!ffprobe) throw refusal(ErrorCode.ServiceUnavailable, EPISODE_UPLOAD_MESSAGES.noFfprobe);
    const probed = await probeVideo(ffprobe, join(directory, upload.id));
    if (!probed.ok) {
      throw refusal(
        ErrorCode.ValidationFailed,
        probed.reason === 'no-video-stream' ? EPISODE_UPLOAD_MESSAGES.noVideoStream : EPISODE_UPLOAD_MESSAGES.notVideo,
        'file',
      );
    }
    const metadata = upload.metadata ?? {};
    const source = await rpc
      .send(
        'catalogue.episodes.register-source',
        {
          animeId: Number(metadata.animeId),
          number: Number(metadata.number),
          uploadKey: `${EPISODE_INCOMING_FOLDER}/${upload.id}`,
          fileName: metadata.filename ?? upload.id,
          sizeBytes: upload.offset,
          probe: probed.probe,
        },
        caller,
      )
      .catch((error: unknown) => {
        throw refusalOf(error);
      });
    logger.info({ sourceId: source.id, animeId: source.animeId, number: source.number, bytes: source.sizeBytes }, 'episode source uploaded');
  }

  /** The gateway's access checks, and an existing upload only for the user who started it. */
  async function admit(request: GatewayRequest, reply: FastifyReply): Promise<boolean> {
    try {
      await access.admit(request, 'uploader');
      const id = (request.params as { id?: string }).id;
      if (id) {
        const upload = await store.getUpload(id).catch(() => null);
        if (upload?.metadata?.uploaderId !== request.user?.id)
          throw new RemoteServiceError({ code: ErrorCode.NotFound, message: EPISODE_UPLOAD_MESSAGES.sourceNotFound });
      }
      return true;
    } catch (error) {
      const { status_code, body } = refusalOf(error);
      await reply.code(status_code).type('application/json; charset=utf-8').send(body);
      return false;
    }
  }

  const fastify = app.getHttpAdapter().getInstance();
  // The body is tus's to read, straight from the socket to the file.
  fastify.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: GatewayRequest, reply: FastifyReply) => {
    if (!(await admit(request, reply))) return;
    callers.set(request.raw, metaOf(request));
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of [EPISODE_UPLOADS_PATH, `${EPISODE_UPLOADS_PATH}/:id`]) fastify.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE'], url, handler });

  const sweep = setInterval(
    () => void tus.cleanUpExpiredUploads().catch((error: unknown) => logger.warn({ err: error }, 'expired uploads not removed')),
    3_600_000,
  );
  sweep.unref();
  fastify.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  return tus;
}
