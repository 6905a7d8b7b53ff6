import { afterEach } from 'vitest';
import { installMockApi, type MockApi, type MockRoutes } from './mock-api';

/**
 * For a test file: returns `mockApi(routes)`, which puts the fake API (the given `defaults` plus the
 * test's own routes) in place of fetch for the running test. The real fetch comes back after each test.
 * Tests only: it registers a Vitest hook, so stories use `installMockApi` through their decorator.
 */
export function mockApiPerTest(defaults: MockRoutes = {}): (routes: MockRoutes) => MockApi {
  let restore: (() => void) | null = null;
  afterEach(() => restore?.());
  return (routes) => {
    const api = installMockApi({ ...defaults, ...routes });
    restore = api.restore;
    return api;
  };
}
