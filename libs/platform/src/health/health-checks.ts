import type { ServiceHealth, ServiceName } from '@portal/contracts';

/** A dependency the process cannot serve without. `check` rejects when it is unreachable. */
export interface HealthCheck {
  name: string;
  check: () => Promise<unknown>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
export const SERVICE_NAME = Symbol('SERVICE_NAME');

const CHECK_TIMEOUT_MS = 2000;

export async function runHealthChecks(service: ServiceName, checks: HealthCheck[]): Promise<ServiceHealth> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => [name, (await settlesInTime(check())) ? 'up' : 'down'] as const),
  );
  const status = results.every(([, result]) => result === 'up') ? 'up' : 'down';
  return { service, status, checks: Object.fromEntries(results) };
}

async function settlesInTime(promise: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
