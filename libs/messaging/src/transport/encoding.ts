/**
 * A request the client could not encode (too deeply nested, circular, a BigInt...): it fails that one
 * call, as a 400, and is never sent.
 */
export class UnencodableMessageError extends Error {
  constructor(cause: unknown) {
    super('The request cannot be encoded as JSON', { cause });
  }
}

/** JSON text of a request, or the call's own failure (never a throw outside the call). */
export function encodeRequest(value: unknown): string | UnencodableMessageError {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    return new UnencodableMessageError(error);
  }
}
