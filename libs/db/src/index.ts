export * from './data-source';
export * from './database.module';
export * from './applied-calls';
export * from './transaction-scope';
export * from './typed-query';
