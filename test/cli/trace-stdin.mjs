// `node --import ./trace-stdin.mjs …`: appends a line to the file named by $PBC_TRACE_STDIN
// each time the program reads process.stdin (which makes its stream), with where from.
import { appendFileSync } from 'node:fs';

const stdin = Object.getOwnPropertyDescriptor(process, 'stdin');
Object.defineProperty(process, 'stdin', {
  ...stdin,
  get() {
    const where = new Error().stack?.split('\n')[2]?.trim() ?? '?';
    appendFileSync(process.env.PBC_TRACE_STDIN ?? '/dev/null', `stdin read ${where}\n`);
    return stdin.get.call(process);
  },
});
