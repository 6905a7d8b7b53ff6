import { useEffect, useState } from 'react';

/** False until `durationMs` has passed since the component mounted. */
export function useMinimumDuration(durationMs: number): boolean {
  const [elapsed, setElapsed] = useState(durationMs <= 0);
  useEffect(() => {
    if (durationMs <= 0) return undefined;
    const timer = window.setTimeout(() => setElapsed(true), durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs]);
  return elapsed;
}
