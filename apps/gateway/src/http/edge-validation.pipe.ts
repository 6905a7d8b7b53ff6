import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCode, type FieldError, GENERIC_MESSAGES } from '@portal/contracts';
import { fieldErrorsOf } from '@portal/contracts/schemas';
import { RemoteServiceError } from '@portal/messaging';

interface SchemaDto {
  isZodDto: true;
  schema: z.ZodType;
}

const isSchemaDto = (metatype: unknown): metatype is SchemaDto => typeof metatype === 'function' && (metatype as Partial<SchemaDto>).isZodDto === true;

/**
 * Every body, query and route param is parsed with its contract schema (a nestjs-zod DTO) before a
 * handler runs, so nothing unchecked is forwarded. A parameter declared without a schema is a
 * programming error and fails loudly rather than passing raw input through.
 */
@Injectable()
export class EdgeValidationPipe implements PipeTransform {
  transform(value: unknown, { type, metatype, data }: ArgumentMetadata): unknown {
    if (type === 'custom') return value;
    if (!isSchemaDto(metatype)) {
      throw new Error(`@${type === 'param' ? 'Param' : type === 'query' ? 'Query' : 'Body'}(${data ?? ''}) needs a schema DTO`);
    }
    return parseAtEdge(metatype.schema, value, type);
  }
}

/** Parses input with its contract schema; a refusal is a 400 naming the field (`where` when the whole input is at fault). */
export function parseAtEdge<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) refuse(fieldErrorsOf(result.error));
  const nulAt = pathOfNul(result.data, []);
  if (nulAt) refuse([{ field: nulAt.join('.') || where, message: NUL_MESSAGE }]);
  return result.data;
}

const NUL_MESSAGE = 'Текст содержит недопустимый символ (NUL)';

// Rendered exactly as a service's own validation failure: 400, the first message, every field.
export function refuse(errors: FieldError[]): never {
  throw new RemoteServiceError({ code: ErrorCode.ValidationFailed, message: errors[0]?.message ?? GENERIC_MESSAGES.badRequest, errors });
}

/** PostgreSQL text cannot hold U+0000: a string carrying one would fail deep in a service as a 500. */
function pathOfNul(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key] : pathOfNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
