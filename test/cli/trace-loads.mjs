// `node --import ./trace-loads.mjs …`: appends the URL of every module loaded to the file
// named by $PBC_TRACE_LOADS (used to prove which chunks a command loads).
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function load(url, context, next) {
      if (url.startsWith('file:')) appendFileSync(${JSON.stringify(process.env.PBC_TRACE_LOADS ?? '/dev/null')}, url + '\\n');
      return next(url, context);
    }
  `)}`,
);
