import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { pruneAppliedCalls } from '@portal/db';

const PRUNE_EVERY_MS = 10 * 60_000;
/** Far past any request deadline: a call this old is never retried. */
const KEEP_SECONDS = 3600;

/** Keeps the write idempotency record small; every replica may run it, deleting twice is harmless. */
export class AppliedCallsPruner implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
  ) {}

  onModuleInit() {
    this.timer = setInterval(() => void pruneAppliedCalls(this.dataSource, this.schema, KEEP_SECONDS).catch(() => undefined), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }
}
