import type { FastifyRequest } from 'fastify';
import { CATALOGUE_MESSAGES, ErrorCode, GENERIC_MESSAGES, type FieldError } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';
import { detectImageType, type ImageType } from './image-type';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface UploadedImage {
  field: string;
  content: Buffer;
  type: ImageType;
}

export interface MultipartForm {
  fields: Record<string, string>;
  image: UploadedImage | null;
}

const invalid = (errors: FieldError[]) =>
  new RemoteServiceError({ code: ErrorCode.ValidationFailed, message: errors[0]?.message ?? GENERIC_MESSAGES.badRequest, errors });

/**
 * Reads a multipart/form-data body: text fields, and at most one image whose real type (JPEG, PNG,
 * WebP, GIF) and size (5 MB) are checked before anything is stored.
 */
export async function readMultipartForm(request: FastifyRequest, imageField: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw invalid([{ field: 'body', message: 'Ожидается форма multipart/form-data' }]);
  try {
    return await readParts(request, imageField);
  } catch (error) {
    // Limits and malformed bodies reported by @fastify/multipart are the client's fault.
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid([{ field: imageField, message: CATALOGUE_MESSAGES.coverTooLarge }]);
    if (code?.startsWith('FST_')) throw invalid([{ field: 'body', message: GENERIC_MESSAGES.badRequest }]);
    throw error;
  }
}

async function readParts(request: FastifyRequest, imageField: string): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let image: UploadedImage | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== imageField) {
      await part.toBuffer().catch(() => undefined);
      throw invalid([{ field: part.fieldname, message: GENERIC_MESSAGES.badRequest }]);
    }
    const content = await part.toBuffer();
    if (part.file.truncated) throw invalid([{ field: imageField, message: CATALOGUE_MESSAGES.coverTooLarge }]);
    if (content.length === 0) continue;
    const type = detectImageType(content);
    if (!type) throw invalid([{ field: imageField, message: CATALOGUE_MESSAGES.coverType }]);
    image = { field: imageField, content, type };
  }
  return { fields, image };
}
