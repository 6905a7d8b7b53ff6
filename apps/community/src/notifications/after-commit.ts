import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

/**
 * Runs work once the transaction of a given `EntityManager` has committed, and drops it when that
 * transaction rolls back: a notification written inside a caller's transaction is pushed to the
 * recipient only once it is really stored, without every caller having to remember to push.
 * Outside a transaction (autocommit) the work runs at once.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, Array<() => void>>();

  constructor(@InjectDataSource() dataSource: DataSource) {
    // TypeORM broadcasts transaction events to the data source's subscribers.
    dataSource.subscribers.push(this);
  }

  run(manager: EntityManager, work: () => void): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      work();
      return;
    }
    const queued = this.pending.get(runner);
    if (queued) queued.push(work);
    else this.pending.set(runner, [work]);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    // A released savepoint is not the end of the transaction: only the outermost commit is.
    if (queryRunner.isTransactionActive) return;
    const queued = this.pending.get(queryRunner);
    if (!queued) return;
    this.pending.delete(queryRunner);
    for (const work of queued) work();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
  }
}
