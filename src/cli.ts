/**
 * pbc entry. Kept lean: each command imports what it needs only when it runs, so a
 * scripted `pbc get …` never loads the simulator, and nothing loads Ink unless the TUI
 * starts.
 */
import { Command, Option } from 'commander';

declare const PBC_VERSION: string | undefined;
const version = typeof PBC_VERSION === 'string' ? PBC_VERSION : '0.1.0';

function fail(message: string, code: number): never {
  process.stderr.write(`pbc: ${message}\n`);
  process.exit(code);
}

const program = new Command('pbc')
  .description('Packet broker console: live ports, safe rule changes, save-points and logs from a terminal')
  .version(version, '-V, --version')
  .option('--demo', 'run against the built-in simulated device')
  .showHelpAfterError();

program
  .command('sim')
  .description('serve the simulated packet broker REST service')
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--port <port>', 'TCP port (0 = any free port)', '8080')
  .option('--state <dir>', 'keep the configuration in this directory across restarts')
  .option('--seed <n>', 'seed of the traffic model (same seed, same traffic)', '1')
  .addOption(new Option('--admin-password <pw>', "password of the default SUPER account 'admin'").env('PBC_SIM_ADMIN_PASSWORD'))
  .option('--quirks', "answer in the vendor's odd-but-real shapes (ifName, integer port_no, …)")
  .option('--latency <ms>', 'added delay per request', '0')
  .option('--fail-rate <p>', 'share of requests answered 500 or reset (0..1)', '0')
  .option('--reboot-ms <ms>', 'how long a reboot makes the device unavailable', '3000')
  .action(async (opts) => {
    const { runSim, UsageError } = await import('./commands/sim.js');
    try {
      await runSim(opts);
    } catch (e) {
      if (e instanceof UsageError) fail(e.message, 2);
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EADDRINUSE') fail(`port ${opts.port} is in use; choose another with --port`, 3);
      fail(err.message, 1);
    }
  });

program.action(async (opts: { demo?: boolean }) => {
  if (opts.demo) {
    const { startSim } = await import('./sim/server.js');
    const sim = await startSim({ port: 0 });
    process.stdout.write(
      `pbc: the console screens are not built yet; the simulated device is serving at ${sim.url}\n` +
        `     try: curl ${sim.url}/ports/stats   (Ctrl-C stops)\n`,
    );
    process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
    process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
    return;
  }
  program.help();
});

program.parseAsync(process.argv).catch((e: Error) => fail(e.message, 1));
