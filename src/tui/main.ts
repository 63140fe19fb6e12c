/**
 * Entry of the full-screen console on the operator's terminal. Loaded only when the TUI
 * starts (the scripted commands never pay for Ink and React). Owns the lifecycle: the first
 * requests sent while Ink loads, alternate screen in, and on every way out — q, Ctrl-C,
 * SIGTERM, a crash — polling stopped, connections closed and the terminal restored.
 */

import type { ReactElement } from 'react';
import { maskSecrets } from '../api/mask.js';
import type { ConsoleOptions } from '../commands/console.js';
import { sanitize } from '../model/index.js';
import type { ConnectionSettings } from './connection.js';
import { createConsole } from './create-console.js';
import { FIRST_ANSWERS_MS } from './first-answers.js';

export async function startTui(options: ConsoleOptions): Promise<number> {
  // Colour libraries read the environment when they load: decide before importing Ink.
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '')
    process.env.FORCE_COLOR = '0';
  // Ink renders nothing until exit when it believes it runs in CI (it reads CI once, on
  // load). The console only starts on a terminal, so it must always draw.
  // (Deleting it, not setting it to 'false': colour detection treats any CI as no colour.)
  const ci = process.env.CI;
  delete process.env.CI;
  // Ink's development mode (DEV=true, common in developers' shells) connects to React
  // DevTools and reads Ink's package.json from disk, neither of which the build ships: Ink
  // must not see DEV while it loads and mounts. (This replaces a build-time edit of Ink's
  // isDev(); esbuild's `define` cannot reach it, Ink reads DEV through an imported process.)
  const dev = process.env.DEV;
  delete process.env.DEV;
  const ink = import('ink');
  const modules = Promise.all([import('./fullscreen.js'), import('./memory.js')]);
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  const settings: ConnectionSettings = settingsOf(options);
  let leave = () => {};
  // Ink's layout engine (yoga's WebAssembly) compiles once the first requests are out: it
  // is needed only for the first frame, and the device answers meanwhile
  const layout = () => options.layout?.();
  const mount = async (tree: ReactElement) => {
    const [{ render }, [{ enterFullScreen }]] = await Promise.all([ink, modules, layout()]);
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
    leave = enterFullScreen(stdout);
    const instance = render(tree, {
      stdout,
      stdin,
      exitOnCtrlC: true,
      patchConsole: false,
      maxFps: 15,
      incrementalRendering: true,
    });
    if (dev !== undefined) process.env.DEV = dev;
    return instance;
  };
  const fleet = options.fleet;
  if (fleet) layout();
  const running = fleet
    ? await (await import('./fleet-console.js')).createFleetConsole({
        fleet: fleet.name,
        members: fleet.devices.map((d) => ({ name: d.name, settings: settingsOf(d.options) })),
        mount,
      })
    : await createConsole({ settings, mount, firstAnswersMs: FIRST_ANSWERS_MS, requested: layout });
  const instance = running.view;
  const [, { startMemoryPolicy, LARGE_RULE_TABLE }] = await modules;
  const store = () => running.store;

  let code = 0;
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
  const stopMemoryPolicy = startMemoryPolicy({
    large: () => (store().getState().resources.rules.data?.rules.length ?? 0) > LARGE_RULE_TABLE,
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
    await running.close();
    await options.demo?.close().catch(() => {});
  }
  return code;
}

function settingsOf(options: ConsoleOptions): ConnectionSettings {
  return {
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
}
