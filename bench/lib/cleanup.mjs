// Undo everything a bench created, in reverse order, whether it ends normally, fails or is interrupted.
const tasks = [];
let running = Promise.resolve();
let interrupted = false;

/** True once Ctrl-C (or SIGTERM) arrived: what fails after that is the interruption, not a finding. */
export const wasInterrupted = () => interrupted;

/** Registers an undo step (stop a process, drop a database, delete keys). */
export function atExit(task) {
  tasks.push(task);
}

/** Runs the registered steps not run yet, newest first; steps registered later run on the next call. */
export function runCleanup() {
  running = running.then(async () => {
    while (tasks.length > 0) {
      const task = tasks.pop();
      try {
        await task();
      } catch (error) {
        console.error(`[bench] cleanup step failed: ${error.message}`);
      }
    }
  });
  return running;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return console.error(`[bench] ${signal}: still cleaning up…`);
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping processes and removing scratch data…`);
    // The bench then fails at its next step and runBench cleans up what was created meanwhile; should
    // it hang, leave 5 s after the cleanup.
    void runCleanup().then(() => setTimeout(() => process.exit(130), 5000).unref());
  });
}

// An error thrown where the bench cannot catch it (a load generator's request callback, a stray timer)
// would end the process with its servers and scratch data left behind: clean up first, then fail.
process.on('uncaughtException', (error) => {
  console.error(`[bench] ${error.stack ?? error}`);
  void runCleanup().then(() => process.exit(1));
});

/** Runs a bench's main function, then always cleans up; a failure sets exit code 1. */
export async function runBench(main) {
  try {
    await main();
  } catch (error) {
    if (!interrupted) console.error(`[bench] ${error.stack ?? error}`);
    process.exitCode = 1;
  }
  await runCleanup();
  // A driver's idle socket or timer must not keep a finished bench alive.
  process.exit(interrupted ? 130 : (process.exitCode ?? 0));
}
