export * from './media-store';
export * from './media-file-types';
export * from './folder-media-store';
export * from './s3-media-store';
export * from './create-media-store';
