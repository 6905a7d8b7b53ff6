export * from './portal-metrics';
export * from './metrics-route';
export * from './http-metrics';
export * from './metered-rpc-client';
export * from './event-queue-metrics';
