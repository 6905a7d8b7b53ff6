import type { FastifyRequest } from 'fastify';
import { CATALOGUE_MESSAGES, ErrorCode, GENERIC_MESSAGES, type FieldError } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';
import { detectImageType, type ImageType } from './image-type';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface FormFileRules {
  /** The file's field; when absent any field name is taken (and errors name `file`). */
  fileField?: string;
  maxBytes: number;
  messages: { notMultipart: string; tooLarge: string };
}

export interface FormWithFile {
  fields: Record<string, string>;
  /** The one file of the form, or null when none (or an empty one) was sent. */
  file: Buffer | null;
}

export const invalidField = (field: string, message: string) =>
  new RemoteServiceError({ code: ErrorCode.ValidationFailed, message, errors: [{ field, message }] });

export const invalid = (errors: FieldError[]) =>
  new RemoteServiceError({ code: ErrorCode.ValidationFailed, message: errors[0]?.message ?? GENERIC_MESSAGES.badRequest, errors });

export const tooLarge = (field: string, message: string) => new RemoteServiceError({ code: ErrorCode.PayloadTooLarge, message, errors: [{ field, message }] });

/**
 * Reads a multipart/form-data body: its text fields and at most one file, refused (413) as soon as it
 * streams past `maxBytes`. Nothing is stored here; callers check the content before they store it.
 */
export async function readFormWithFile(request: FastifyRequest, rules: FormFileRules): Promise<FormWithFile> {
  const fileField = rules.fileField ?? 'file';
  if (!request.isMultipart()) throw invalid([{ field: 'body', message: rules.messages.notMultipart }]);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (rules.fileField && part.fieldname !== rules.fileField) {
        await part.toBuffer().catch(() => undefined);
        throw invalid([{ field: part.fieldname, message: GENERIC_MESSAGES.badRequest }]);
      }
      const content = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(fileField, rules.messages.tooLarge);
      if (content.length > 0) file = content;
    }
  } catch (error) {
    if (error instanceof RemoteServiceError) throw error;
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(fileField, rules.messages.tooLarge);
    // Nothing but the body is read here: whatever @fastify/multipart or busboy throw (a truncated or
    // malformed body, no boundary, too many parts, the client going away) is the request's fault.
    throw malformedMultipart(error) ?? invalid([{ field: 'body', message: GENERIC_MESSAGES.malformedUpload }]);
  }
  return { fields, file };
}

/** The limits of @fastify/multipart: more parts, files or fields than a form may have. */
const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
/** @fastify/multipart's errors about the body itself. */
const MALFORMED_CODES = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE']);
/** busboy's errors carry no code, only these messages (a missing or overlong boundary, a body cut short). */
const BUSBOY_MESSAGE =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|Unsupported Content-Type\.|Missing Content-Type-header\.|Boundary required|The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.)$/;

/**
 * The 400 an error of multipart parsing becomes (too many parts, or a broken body, in Russian), or
 * null when the error is not one. The exception filter uses it too, for a form read anywhere else.
 */
export function malformedMultipart(error: unknown): RemoteServiceError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && PART_LIMIT_CODES.has(code)) return invalid([{ field: 'body', message: GENERIC_MESSAGES.formTooManyParts }]);
  const malformed = typeof code === 'string' ? MALFORMED_CODES.has(code) : typeof message === 'string' && BUSBOY_MESSAGE.test(message);
  return malformed ? invalid([{ field: 'body', message: GENERIC_MESSAGES.malformedUpload }]) : null;
}

export interface UploadedImage {
  field: string;
  content: Buffer;
  type: ImageType;
}

export interface MultipartForm {
  fields: Record<string, string>;
  image: UploadedImage | null;
}

/** A form with text fields and at most one image whose real type (JPEG, PNG, WebP, GIF) and size (5 MB) are checked. */
export async function readMultipartForm(request: FastifyRequest, imageField: string): Promise<MultipartForm> {
  const { fields, file } = await readFormWithFile(request, {
    fileField: imageField,
    maxBytes: MAX_IMAGE_BYTES,
    messages: { notMultipart: 'Ожидается форма multipart/form-data', tooLarge: CATALOGUE_MESSAGES.coverTooLarge },
  });
  if (!file) return { fields, image: null };
  const type = detectImageType(file);
  if (!type) throw invalidField(imageField, CATALOGUE_MESSAGES.coverType);
  return { fields, image: { field: imageField, content: file, type } };
}
