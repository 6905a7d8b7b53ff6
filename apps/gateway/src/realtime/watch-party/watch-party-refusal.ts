import type { z } from 'zod';
import { ErrorCode, WATCH_PARTY_MESSAGES, WatchPartyErrorCode, type WatchPartyErrorPayload, type WatchPartyReply } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';

/** A refused socket event: sent to the socket as an `error` event, nothing changed. */
export class WatchPartyRefusal extends Error {
  constructor(
    readonly code: WatchPartyErrorCode,
    message: string,
  ) {
    super(message);
  }

  toPayload(event: string): WatchPartyErrorPayload {
    return { code: this.code, message: this.message, event };
  }
}

/**
 * The parsed payload, or a `BAD_PAYLOAD` refusal carrying the first message of the schema's own; a rule
 * without one says WATCH_PARTY_MESSAGES.badPayload (not zod's locale, which names types and patterns).
 */
export function parsePayload<T extends z.ZodType>(schema: T, payload: unknown): z.output<T> {
  const result = schema.safeParse(payload, { error: () => WATCH_PARTY_MESSAGES.badPayload });
  if (result.success) return result.data;
  const message = result.error.issues.find((issue) => issue.message !== WATCH_PARTY_MESSAGES.badPayload)?.message;
  throw new WatchPartyRefusal(WatchPartyErrorCode.BadPayload, message ?? WATCH_PARTY_MESSAGES.badPayload);
}

/** The chat service's answer, or its refusal thrown to be told to the socket. */
export function unwrap<T>(reply: WatchPartyReply<T>): T {
  if (!reply.ok) throw new WatchPartyRefusal(reply.error.code, reply.error.message);
  return reply.value;
}

export const notJoined = () => new WatchPartyRefusal(WatchPartyErrorCode.NotJoined, WATCH_PARTY_MESSAGES.notJoined);

/** What a socket is told for any failure: a refusal as it is, a payload the chat service refused as BAD_PAYLOAD, else UNAVAILABLE. */
export function toRefusal(error: unknown): WatchPartyRefusal {
  if (error instanceof WatchPartyRefusal) return error;
  if (error instanceof RemoteServiceError && error.payload.code === ErrorCode.ValidationFailed) {
    return new WatchPartyRefusal(WatchPartyErrorCode.BadPayload, WATCH_PARTY_MESSAGES.badPayload);
  }
  if (error instanceof RemoteServiceError && error.payload.sanction) return new WatchPartyRefusal(WatchPartyErrorCode.Restricted, error.payload.message);
  return new WatchPartyRefusal(WatchPartyErrorCode.Unavailable, WATCH_PARTY_MESSAGES.unavailable);
}
