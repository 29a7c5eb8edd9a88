// Preloaded into the server by the activity benches when BENCH_CPU_PROF=<dir> is set
// (`NODE_OPTIONS=--require …`, since Node 20 refuses `--cpu-prof` there): profiles the whole process
// with the inspector and writes `server-<pid>.cpuprofile` into that folder when the server exits
// (open it in Chrome DevTools or any .cpuprofile viewer).
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.BENCH_CPU_PROF;
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
