/**
 * `pbc` without a command: the full-screen console (src/tui/main.ts), on the device the
 * flags/context select, or with --demo on a simulated device started in this process.
 */
import type { TuiOptions } from '../tui/main.js';
import { clientOptions, deviceCredentials, type GlobalOptions, selectDevice } from './context.js';
import { exitCodeOf, formatError } from './errors.js';

export async function startConsole(g: GlobalOptions): Promise<never> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      "pbc: the console needs a terminal (for scripts use 'pbc get …', e.g. pbc get rules -o json; see pbc --help)\n",
    );
    process.exit(2);
  }
  let code: number;
  let demo: { close(): Promise<void> } | undefined;
  try {
    let options: TuiOptions;
    if (g.demo) {
      const { startSim } = await import('../sim/server.js');
      const sim = await startSim({ port: 0, host: '127.0.0.1' });
      let closed: Promise<void> | undefined;
      demo = { close: () => (closed ??= sim.close()) };
      options = { url: sim.url, demo, readonly: Boolean(g.readonly) };
    } else {
      const dev = await selectDevice(g);
      const pw = await deviceCredentials(dev);
      const co = await clientOptions(dev, pw.password);
      options = { url: co.url, readonly: dev.readonly, insecure: dev.insecure };
      if (co.user !== undefined) options.user = co.user;
      if (co.password !== undefined) options.password = co.password;
      if (co.ca !== undefined) options.ca = co.ca;
      if (co.timeoutMs !== undefined) options.timeoutMs = co.timeoutMs;
    }
    const { startTui } = await import('../tui/main.js');
    code = await startTui(options);
  } catch (err) {
    code = exitCodeOf(err);
    process.stderr.write(`${formatError(err, g.demo ? 'demo' : 'console')}\n`);
  }
  await demo?.close().catch(() => {});
  process.exit(code);
}
