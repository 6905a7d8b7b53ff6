import { runInThisContext } from 'node:vm';

/**
 * Records the errors nobody caught (uncaught exceptions, unhandled rejections) on the real process,
 * which jest's sandbox hides from `process`: where an error escaping a handler would end a service.
 */
export function watchEscapedErrors(): { escaped: unknown[]; start: () => void; stop: () => void } {
  const realProcess = runInThisContext('process') as NodeJS.Process;
  const escaped: unknown[] = [];
  const onEscape = (error: unknown) => escaped.push(error);
  return {
    escaped,
    start: () => {
      realProcess.on('uncaughtException', onEscape);
      realProcess.on('unhandledRejection', onEscape);
    },
    stop: () => {
      realProcess.off('uncaughtException', onEscape);
      realProcess.off('unhandledRejection', onEscape);
    },
  };
}
