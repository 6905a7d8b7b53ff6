// Loaded into every process of the portal by `bench:viewers` with BENCH_CPU_PROF=1 (NODE_OPTIONS
// --require: node refuses --cpu-prof there): profiles the process's whole life with the inspector and
// writes a .cpuprofile into BENCH_CPU_PROF_DIR when it exits (the in-thread session answers at once,
// so the 'exit' handler can still write). A NestJS service stops on SIGTERM by closing, removing its
// listener and sending itself the signal again: that second signal, with no other listener left, is
// the end of its life.
const { Session } = require('node:inspector');
const { mkdirSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const name = basename(process.argv[1] ?? 'node').replace(/\.[cm]?js$/, '');
      const app = /apps\/([^/]+)\//.exec(process.argv[1] ?? '')?.[1] ?? name;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.once('exit', write);
  for (const signal of ['SIGTERM', 'SIGINT']) {
    const last = () => {
      if (process.listenerCount(signal) > 1) return;
      write();
      process.removeListener(signal, last);
      process.kill(process.pid, signal);
    };
    process.on(signal, last);
  }
}
