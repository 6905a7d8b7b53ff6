import type { ServiceHealth, ServiceName } from '@portal/contracts';

/** A dependency the process cannot serve without. `check` rejects when it is unreachable. */
export interface HealthCheck {
  name: string;
  check: () => Promise<unknown>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
/** How long one dependency may take to answer before it counts as down (HEALTH_CHECK_TIMEOUT_MS). */
export const HEALTH_CHECK_TIMEOUT = Symbol('HEALTH_CHECK_TIMEOUT');

export async function runHealthChecks(service: ServiceName, checks: HealthCheck[], timeoutMs: number): Promise<ServiceHealth> {
  const results = await Promise.all(checks.map(async ({ name, check }) => [name, (await settlesInTime(check(), timeoutMs)) ? 'up' : 'down'] as const));
  const status = results.every(([, result]) => result === 'up') ? 'up' : 'down';
  return { service, status, checks: Object.fromEntries(results) };
}

async function settlesInTime(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
