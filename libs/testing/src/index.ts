export * from './http-client';
export * from './new-test-service';
export * from './fakes';
