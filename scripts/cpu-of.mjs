// Runs one suite's command and, once it has ended, writes to `outFile` the CPU seconds (user + system)
// that it and every descendant it waited for used: the figure `npm test`'s summary prints beside each
// suite's wall time, so a slow run shows which suite used the machine and which only waited for it.
//   node scripts/cpu-of.mjs <outFile> <command> [args…]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [outFile, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
child.on('error', (error) => {
  console.error(String(error));
  process.exit(127);
});
child.on('close', (code, signal) => {
  try {
    // Fields 16 and 17 of /proc/self/stat (cutime, cstime), in clock ticks of 1/100 s on Linux.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    writeFileSync(outFile, String((Number(fields[13]) + Number(fields[14])) / 100));
  } catch {
    // Not Linux: no figure.
  }
  process.exit(signal ? 128 + 1 : (code ?? 1));
});
