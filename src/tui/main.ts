/**
 * Entry of the full-screen console. Loaded only when the TUI starts (the scripted
 * commands never pay for Ink and React). Owns the lifecycle: alternate screen in, polling,
 * and on every way out — q, Ctrl-C, SIGTERM, a crash — polling stopped, connections
 * closed and the terminal restored.
 */
import { maskSecrets } from '../api/mask.js';
import { sanitize } from '../model/index.js';
import type { ConsoleContextValue } from '../store/react.js';
import type { ConnectionSettings } from './connection.js';

export interface TuiOptions {
  url: string;
  user?: string;
  password?: string;
  insecure?: boolean;
  ca?: string;
  readonly?: boolean;
  timeoutMs?: number;
  /** Bytes of one answer read at most (--max-answer-size). */
  maxAnswerBytes?: number;
  /** Set when pbc started its own simulated device (pbc --demo). */
  demo?: { close(): Promise<void> };
  /** Poll intervals (ms) per resource, e.g. for benchmarks. */
  intervals?: Record<string, number>;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
}

export async function startTui(options: TuiOptions): Promise<number> {
  // Colour libraries read the environment when they load: decide before importing Ink.
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '')
    process.env.FORCE_COLOR = '0';
  // Ink renders nothing until exit when it believes it runs in CI (it reads CI once, on
  // load). The console only starts on a terminal, so it must always draw.
  // (Deleting it, not setting it to 'false': colour detection treats any CI as no colour.)
  const ci = process.env.CI;
  delete process.env.CI;
  const [
    { render },
    { makeReconnect, openConnection },
    { createConsoleStore },
    { consoleTree },
    { enterFullScreen },
    { startMemoryPolicy, LARGE_RULE_TABLE },
  ] = await Promise.all([
    import('ink'),
    import('./connection.js'),
    import('../store/store.js'),
    import('./root.js'),
    import('./fullscreen.js'),
    import('./memory.js'),
  ]);
  if (ci === undefined) delete process.env.CI;
  else process.env.CI = ci;
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  const store = createConsoleStore();
  const settings: ConnectionSettings = {
    url: options.url,
    ...(options.user ? { user: options.user } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxAnswerBytes ? { maxAnswerBytes: options.maxAnswerBytes } : {}),
    ...(options.insecure ? { insecure: true } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.intervals
      ? { intervals: options.intervals as ConnectionSettings['intervals'] }
      : {}),
    readonly: Boolean(options.readonly),
    demo: Boolean(options.demo),
  };
  // The connection in use; screens may replace it through `reconnect` (UAC, IP, HTTPS, reboot).
  let current: ConsoleContextValue = { ...openConnection(settings, store), store };

  const leave = enterFullScreen(stdout);
  let code = 0;
  const shutdown = async () => {
    current.poller.stop();
    await current.client.close().catch(() => {});
    await options.demo?.close().catch(() => {});
  };
  const onSignal = () => instance.unmount();
  const onCrash = (e: unknown) => {
    leave();
    process.stderr.write(
      `pbc: the console stopped: ${sanitize(maskSecrets(e instanceof Error ? e.message : String(e)))}\n`,
    );
    process.exit(1);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);

  current.reconnect = makeReconnect({
    settings,
    store,
    current: () => current,
    apply: (next) => {
      current = next;
      instance.rerender(consoleTree(current));
    },
  });
  const tree = consoleTree(current);
  const instance = render(tree, {
    stdout,
    stdin,
    exitOnCtrlC: true,
    patchConsole: false,
    maxFps: 15,
    incrementalRendering: true,
  });
  current.poller.start();
  const stopMemoryPolicy = startMemoryPolicy({
    large: () => (store.getState().resources.rules.data?.rules.length ?? 0) > LARGE_RULE_TABLE,
  });
  try {
    await instance.waitUntilExit();
  } catch (e) {
    code = 1;
    process.stderr.write(`pbc: ${sanitize(maskSecrets((e as Error).message))}\n`);
  } finally {
    stopMemoryPolicy();
    leave();
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await shutdown();
  }
  return code;
}
