import { databaseUnavailable } from './database-unavailable';

describe('telling a database outage from a bug', () => {
  it('calls a refused connection or a server starting up unreachable', () => {
    expect(databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('unreachable');
    expect(databaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe('unreachable');
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe('unreachable');
  });

  it('calls a connection lost mid-statement, also inside TypeORM’s QueryFailedError, connection-lost', () => {
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe('connection-lost');
    const driverError = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(databaseUnavailable(Object.assign(new Error('query failed'), { driverError }))).toBe('connection-lost');
  });

  it('calls ioredis giving up while Redis is down connection-lost', () => {
    expect(
      databaseUnavailable(Object.assign(new Error('Reached the max retries per request limit (which is 2).'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe('connection-lost');
    expect(databaseUnavailable(new Error('Connection is closed.'))).toBe('connection-lost');
  });

  it('leaves other errors alone', () => {
    expect(databaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBeNull();
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBeNull();
    expect(databaseUnavailable(undefined)).toBeNull();
  });
});
