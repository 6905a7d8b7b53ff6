export * from './fake-database';
export * from './fake-redis';
export * from './recording-outbox';
