import type { MockRequest } from '../../../web/src/test/mock-api';

/** The requests a story's handlers saw, for its assertions. */
export const seen: { requests: MockRequest[] } = { requests: [] };

/** Wraps an answer so the request is remembered. */
export const recording =
  <T>(answer: T | ((request: MockRequest) => T)) =>
  (request: MockRequest): T => {
    seen.requests.push(request);
    return typeof answer === 'function' ? (answer as (request: MockRequest) => T)(request) : answer;
  };
