import { gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { COMMUNITY_MESSAGES, LIST_IMPORT_MAX_BYTES } from '@portal/contracts';
import { invalidField, readFormWithFile, tooLarge } from '../uploads/multipart-form';

export interface ListFileUpload {
  content: string;
  /** The form's `format` field, when sent as a form. */
  format?: string;
}

/**
 * The list file of an import: a multipart form with one file (any field name; `format` as a field),
 * or the raw body (text/plain, or application/json for a Shikimori export, within the gateway's
 * body limit). MyAnimeList's own download is gzipped: a gzipped file is unpacked here. Either way
 * the file may not exceed LIST_IMPORT_MAX_BYTES.
 */
export async function readListFile(request: FastifyRequest): Promise<ListFileUpload> {
  if (request.isMultipart()) return readForm(request);
  const body = request.body;
  if (typeof body === 'string') return { content: body };
  if (Buffer.isBuffer(body)) return { content: decode(body) };
  // A JSON body arrives parsed; written back with one entry per line so skipped lines can be named.
  if (Array.isArray(body)) return { content: `[\n${body.map((item) => JSON.stringify(item)).join(',\n')}\n]` };
  throw invalidField('file', COMMUNITY_MESSAGES.fileMissing);
}

async function readForm(request: FastifyRequest): Promise<ListFileUpload> {
  const { fields, file } = await readFormWithFile(request, {
    maxBytes: LIST_IMPORT_MAX_BYTES,
    messages: { notMultipart: COMMUNITY_MESSAGES.fileMissing, tooLarge: COMMUNITY_MESSAGES.fileTooLarge },
  });
  if (!file) throw invalidField('file', COMMUNITY_MESSAGES.fileMissing);
  return { content: decode(file), format: fields.format };
}

function decode(file: Buffer): string {
  if (file.length >= 2 && file[0] === 0x1f && file[1] === 0x8b) {
    try {
      return gunzipSync(file, { maxOutputLength: LIST_IMPORT_MAX_BYTES }).toString('utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge('file', COMMUNITY_MESSAGES.fileTooLarge);
      throw invalidField('file', COMMUNITY_MESSAGES.fileUnreadable);
    }
  }
  return file.toString('utf8');
}
