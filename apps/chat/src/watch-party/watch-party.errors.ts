import { WATCH_PARTY_MESSAGES, WatchPartyErrorCode, type WatchPartyErrorPayload } from '@portal/contracts';

/** A refused watch-party action: the gateway sends it to the socket as an `error` event. */
export class WatchPartyError extends Error {
  constructor(
    readonly code: WatchPartyErrorCode,
    message: string,
  ) {
    super(message);
  }

  static badPayload(message: string = WATCH_PARTY_MESSAGES.badPayload) {
    return new WatchPartyError(WatchPartyErrorCode.BadPayload, message);
  }

  static roomNotFound() {
    return new WatchPartyError(WatchPartyErrorCode.RoomNotFound, WATCH_PARTY_MESSAGES.roomNotFound);
  }

  static notJoined() {
    return new WatchPartyError(WatchPartyErrorCode.NotJoined, WATCH_PARTY_MESSAGES.notJoined);
  }

  static notHost() {
    return new WatchPartyError(WatchPartyErrorCode.NotHost, WATCH_PARTY_MESSAGES.notHost);
  }

  static rateLimited() {
    return new WatchPartyError(WatchPartyErrorCode.RateLimited, WATCH_PARTY_MESSAGES.rateLimited);
  }

  static unavailable() {
    return new WatchPartyError(WatchPartyErrorCode.Unavailable, WATCH_PARTY_MESSAGES.unavailable);
  }

  toPayload(event?: string): WatchPartyErrorPayload {
    return { code: this.code, message: this.message, ...(event ? { event } : {}) };
  }
}
