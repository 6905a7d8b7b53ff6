/** The entry does not exist on Shikimori (404): retrying will not change that. */
export class ShikimoriNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`Shikimori has no ${path}`);
  }
}

/** Shikimori refused the request itself (4xx other than 404 and 429): retrying will not help either. */
export class ShikimoriRequestError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`Shikimori answered ${status} to ${path}`);
  }
}

/** 5xx, a timeout, a network failure, a body that is not the expected JSON, or 429s that did not stop: worth retrying later. */
export class ShikimoriUnavailableError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`Shikimori unavailable for ${path}: ${reason}`);
  }
}

/** The shared request budget is spent for longer than the caller can wait (direct calls from the admin UI). */
export class ShikimoriBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Shikimori request budget spent for ${retryAfterMs} ms`);
  }
}

/** The caller gave up (service shutting down): not a failure of the job. */
export class ShikimoriAbortedError extends Error {
  constructor() {
    super('Shikimori request aborted');
  }
}
