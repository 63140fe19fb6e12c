/**
 * Renders an Ink tree against fake terminal streams so tests can drive it with keys and
 * resizes and assert on frame text. ink-testing-library fixes the width at 100 columns
 * and has no way to wait for React; this harness sets columns/rows, feeds stdin the way
 * Ink 6 reads it ('readable' + read()), and yields to React's scheduler while waiting.
 */
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { ReactElement } from 'react';
import { keysQueued } from '../../src/tui/key-queue.js';

export interface Harness {
  /** The visible text of the latest frame (no escape sequences). */
  lastFrame(): string;
  /** The latest frame with its SGR styling (inverse, colours) kept. */
  lastStyledFrame(): string;
  /** Everything written to the terminal so far, byte for byte (escape sequences kept). */
  output(): string;
  /** Visible text of every frame written so far, oldest first. */
  frames: string[];
  write(input: string): void;
  /** Writes the key's escape sequence, then waits for a new frame (or 100 ms) to settle. */
  press(key: KeyName | string): Promise<void>;
  /**
   * Waits until the console has handled every key written so far — Ink read them all and the
   * console's key queue is empty (src/tui/key-queue.ts) — and the frame showing the last one's
   * result is drawn (two turns bring no new frame, or ten turns passed). What a key did not do is checked after it.
   */
  settle(timeoutMs?: number): Promise<string>;
  /**
   * Polls the latest frame until `predicate` holds, yielding to React between polls. The
   * timeout (10 s unless given) bounds a failure; it is no speed target.
   */
  waitFor(predicate: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): void;
  /** Renders a new element in place of the current one (new props for the same tree). */
  rerender(node: ReactElement): void;
  unmount(): void;
  /** 0 after a normal exit, 1 after exit(error); undefined while the app runs. */
  exitCode?: number;
}

export type KeyName =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'enter'
  | 'escape'
  | 'tab'
  | 'backspace'
  | 'pageup'
  | 'pagedown'
  | 'home'
  | 'end';

export const KEYS: Record<KeyName, string> = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  backspace: '\u007F',
  pageup: '\u001B[5~',
  pagedown: '\u001B[6~',
  home: '\u001B[H',
  end: '\u001B[F',
};

// Cursor movement, erase, clear, mode switches (CSI with a final byte other than 'm'),
// OSC strings and two-byte escapes: everything except SGR styling.
const CONTROL_SEQUENCE =
  /\u001B\[[0-?]*[ -/]*[@-ln-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)|\u001B[0-Z\\-~]/g;
const SGR = /\u001B\[[0-?]*[ -/]*m/g;

// Ink (via is-in-ci) writes nothing until unmount when CI is set; debug mode still
// writes every frame, so the harness falls back to it there.
const inCi = ['CI', 'CONTINUOUS_INTEGRATION'].some(
  (name) => name in process.env && process.env[name] !== '0' && process.env[name] !== 'false',
);

class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  readonly styledFrames: string[] = [];
  readonly frames: string[] = [];
  /** Every write as it arrived, before any stripping. */
  readonly raw: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }

  write(data: string | Uint8Array, ...rest: unknown[]): boolean {
    const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
    this.raw.push(text);
    const styled = text.replace(CONTROL_SEQUENCE, '');
    // Pure control writes (cursor hide, synchronized-update markers, erase) are not frames.
    if (styled !== '') {
      const frame = styled.endsWith('\n') ? styled.slice(0, -1) : styled;
      this.styledFrames.push(frame);
      this.frames.push(frame.replace(SGR, ''));
    }
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }
}

class FakeStderr extends EventEmitter {
  readonly chunks: string[] = [];
  write(data: string | Uint8Array): boolean {
    this.chunks.push(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
    return true;
  }
}

class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  isRaw = false;
  private readonly queue: string[] = [];

  constructor() {
    super();
    // Ink attaches its 'readable' listener in an effect, possibly after a test wrote input.
    this.on('newListener', (event) => {
      if (event === 'readable') setImmediate(() => this.flush());
    });
  }

  write(input: string): void {
    this.queue.push(input);
    this.flush();
  }

  private flush(): void {
    if (this.queue.length > 0 && this.listenerCount('readable') > 0) this.emit('readable');
  }

  /** Writes Ink has not read yet. */
  get pending(): number {
    return this.queue.length;
  }

  read(): string | null {
    return this.queue.shift() ?? null;
  }

  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    return this;
  }

  setEncoding(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  pause(): this {
    return this;
  }

  resume(): this {
    return this;
  }
}

/** One turn for React: let immediates (Ink's input flush) and timers (throttle) run. */
export async function tick(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

const mounted = new Set<Harness>();

export function renderTui(
  node: ReactElement,
  opts: { columns?: number; rows?: number } = {},
): Harness {
  const stdout = new FakeStdout(opts.columns ?? 80, opts.rows ?? 24);
  const stderr = new FakeStderr();
  const stdin = new FakeStdin();
  let exitCode: number | undefined;
  let current = node;
  const instance = render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: inCi,
    exitOnCtrlC: false,
    patchConsole: false,
    // Renders are throttled to maxFps; 1 ms keeps frames prompt and tests deterministic.
    maxFps: 1000,
  });
  instance.waitUntilExit().then(
    () => {
      exitCode = 0;
    },
    () => {
      exitCode = 1;
    },
  );

  const lastFrame = (): string => stdout.frames.at(-1) ?? '';

  const waitFor = async (
    predicate: (frame: string) => boolean,
    // was 2 s: at load 8-13 a console under three workers' tests took longer to draw an
    // expected frame (rules-editor, ports-logs, rules-match-typing failed so)
    timeoutMs = 10_000,
  ): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = lastFrame();
      if (predicate(frame)) return frame;
      if (Date.now() > deadline) {
        throw new Error(`waitFor timed out after ${timeoutMs} ms; last frame:\n${frame}`);
      }
      await tick();
    }
  };

  const settle = async (timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    const late = () => {
      if (Date.now() > deadline)
        throw new Error(`settle: keys still unhandled after ${timeoutMs} ms:\n${lastFrame()}`);
    };
    while (stdin.pending > 0 || keysQueued() > 0) {
      late();
      await tick();
    }
    // React commits the last key's update and Ink draws it (throttled to 1 ms) within a few
    // turns; a screen that redraws all the time (rates) is never quiet, so at most 10 turns
    let seen = stdout.frames.length;
    for (let quiet = 0, turn = 0; quiet < 2 && turn < 10; turn++) {
      await tick();
      quiet = stdout.frames.length === seen ? quiet + 1 : 0;
      seen = stdout.frames.length;
    }
    return lastFrame();
  };

  const harness: Harness = {
    lastFrame,
    lastStyledFrame: () => stdout.styledFrames.at(-1) ?? '',
    output: () => stdout.raw.join(''),
    frames: stdout.frames,
    write: (input) => stdin.write(input),
    async press(key) {
      const before = stdout.frames.length;
      stdin.write(Object.hasOwn(KEYS, key) ? KEYS[key as KeyName] : key);
      const deadline = Date.now() + 100;
      while (stdout.frames.length === before && Date.now() < deadline) await tick();
      // Ink may still flush a throttled render; settle until two turns bring no new frame.
      let seen = stdout.frames.length;
      for (let quiet = 0; quiet < 2 && Date.now() < deadline + 100; ) {
        await tick();
        quiet = stdout.frames.length === seen ? quiet + 1 : 0;
        seen = stdout.frames.length;
      }
    },
    waitFor,
    settle,
    resize(columns, rows) {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
      // In CI Ink does not listen for 'resize'; re-rendering recomputes the layout.
      if (inCi) instance.rerender(current);
    },
    rerender(next) {
      current = next;
      instance.rerender(next);
    },
    unmount() {
      mounted.delete(harness);
      instance.unmount();
      instance.cleanup();
    },
    get exitCode() {
      return exitCode;
    },
  };
  mounted.add(harness);
  return harness;
}

/** Unmounts every harness still mounted (call from afterEach). */
export function cleanup(): void {
  for (const harness of [...mounted]) harness.unmount();
}
