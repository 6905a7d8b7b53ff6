export * from './load-config';
export * from './env-schemas';
export * from './integrations-env';
export * from './media-store-env';
