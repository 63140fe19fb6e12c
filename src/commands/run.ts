import { ReadonlyError } from '../api/errors.js';
import type { Client, ClientOptions, LogEntry } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import { sanitize } from '../model/sanitize.js';
import type { Journal } from '../ops/journal.js';
import type { Change } from './change.js';
import {
  clientOptions,
  type Device,
  deviceCredentials,
  deviceWarnings,
  type GlobalOptions,
  selectDevice,
} from './context.js';
import { type Format, pickFormat, serialize, write } from './output.js';
import { confirm, interactive } from './prompt.js';
import type { RevertSpec } from './revert-run.js';
import type { Safety } from './safety.js';

export interface Run {
  /** The command, e.g. "rules add", for messages. */
  what: string;
  g: GlobalOptions;
  format: Format;
  /** A client for reading. */
  client(): Promise<Client>;
  /** A client for changing the device: refuses, before any request, when read-only. */
  writer(): Promise<Client>;
  /** The device the flags, environment or config select (no request is made). */
  device(): Promise<Device>;
  /** The selected device's client options, credentials included (for a revert guard). */
  guardOptions(): Promise<ClientOptions>;
  /** The journal the client's writes go to (made with the client). */
  journal(): Promise<Journal>;
  /** Prints data as JSON/YAML, or the table `table()` renders. */
  print(data: unknown, table: () => string | Promise<string>): Promise<void>;
  /** Reports a finished write: `message` in table form, `data` (default {result}) otherwise. */
  done(message: string, data?: unknown): Promise<void>;
  /**
   * THE way a command changes the device (change.ts): asks — on a terminal always, showing
   * each operation's describe(); off one it needs --yes when `change.needsYes` — arms
   * --revert-after from the operations, and sends them through the one executor. Answers
   * each step's result; throws the first failure.
   */
  execute(change: Change): Promise<unknown[]>;
  warn(message: string): void;
  debug(message: string): void;
  /**
   * Shared by the devices of one `--fleet` run (one map per run without --fleet): e.g. the
   * one password file of `users passwd --random`.
   */
  readonly shared: Map<string, unknown>;
  /** The device's name in messages and files: the context name, else its URL. */
  deviceName(): Promise<string>;
  /** `--revert-after` / `--guard` of this command, when given (a guard may watch more). */
  readonly revert?: RevertSpec;
}

// biome-ignore lint/suspicious/noExplicitAny: commander hands options and arguments untyped
export type Handler = (run: Run, opts: any, ...args: any[]) => Promise<number | undefined>;

function logLine(e: LogEntry): string {
  const outcome = e.status !== undefined ? `HTTP ${e.status}` : `failed: ${e.error ?? '?'}`;
  const extra = [
    `${e.ms} ms`,
    e.attempt > 1 ? `attempt ${e.attempt}` : '',
    e.bodyBytes !== undefined ? `body ${e.bodyBytes} bytes` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return sanitize(`pbc debug: ${e.method} ${e.url} → ${outcome} (${extra})`);
}

/** A read command's client: any write is refused before anything is sent. */
function refuseWrites(client: Client, what: string): void {
  client.transport.setWriteHook({
    before: async (request) => {
      throw new Error(
        `${what} is declared a read: ${request.method} ${request.path} refused, nothing was sent`,
      );
    },
  });
}

export class Runner implements Run {
  format: Format;
  readonly shared = new Map<string, unknown>();
  private dev?: Device;
  protected made?: Client;
  private options?: ClientOptions;
  /** `--revert-after`: what to arm on the first write, and the armed revert. */
  revert?: RevertSpec;
  armed?: import('../guard/arm.js').Armed;
  /** `--force`: send even when the device no longer equals the change's base. */
  force = false;
  private journalOf?: Journal;

  constructor(
    readonly what: string,
    readonly g: GlobalOptions,
    protected readonly safety: Safety,
  ) {
    this.format = pickFormat(g.output);
  }

  device(): Promise<Device> {
    return this.selected();
  }

  async guardOptions(): Promise<ClientOptions> {
    await this.client();
    return this.options!;
  }

  async deviceName(): Promise<string> {
    const d = await this.selected();
    return d.context?.name ?? d.url.replace(/\/\/[^/@]*@/, '//');
  }

  /** What sees each request's outcome: --debug's log lines. */
  protected requestLog(): ((e: LogEntry) => void) | undefined {
    return this.g.debug ? (e) => process.stderr.write(`${logLine(e)}\n`) : undefined;
  }

  /** Called once the client and its journal exist (a fleet run gates its writes here). */
  protected madeClient(_client: Client): void {}

  async journal(): Promise<Journal> {
    await this.client();
    if (!this.journalOf) await this.writePipeline(await this.selected());
    return this.journalOf!;
  }

  /**
   * Every write this command sends is journaled (the change pipeline, src/ops/journal.ts):
   * a write sent outside the executor (no operation) is refused, nothing sent. Its
   * writes are refused while another operator holds the device's lock (src/ops/lock).
   */
  private async writePipeline(dev: Device): Promise<void> {
    const client = this.made!;
    const [{ installJournal }, { installLock }] = await Promise.all([
      import('../ops/journal.js'),
      import('../ops/lock/read.js'),
    ]);
    const meta = {
      device: dev.url,
      ...(dev.context ? { context: dev.context.name } : {}),
      ...(dev.user !== undefined ? { user: dev.user } : {}),
    };
    this.journalOf = installJournal(client, meta);
    installLock(client, {
      ...(dev.user !== undefined ? { login: dev.user } : {}),
      notice: (line) => this.warn(line),
    });
  }

  private async selected(): Promise<Device> {
    if (!this.dev) {
      this.dev = await selectDevice(this.g);
      const d = this.dev;
      this.debug(
        `device ${d.url.replace(/\/\/[^/@]*@/, '//***@')} (${d.source}), user ${d.user ?? 'none'}${d.readonly ? ', read-only' : ''}${d.insecure ? ', TLS unverified' : ''}`,
      );
    }
    return this.dev;
  }

  async client(): Promise<Client> {
    if (this.made) return this.made;
    const dev = await this.selected();
    const pw = await deviceCredentials(dev);
    this.debug(`password: ${pw.password === undefined ? 'none' : `from ${pw.source}`}`);
    for (const line of deviceWarnings(dev, pw.password)) this.warn(line);
    const options = await clientOptions(dev, pw.password, this.requestLog());
    // Loaded here, not at the top: a usage error or a read-only refusal never pays for
    // the HTTP stack.
    const { createClient } = await import('../api/client.js');
    this.options = options;
    try {
      this.made = createClient(options);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    // A read never writes: its client refuses any write before it is sent (safety.ts). Every
    // other command's writes are journaled and checked against the lock; that pipeline is
    // loaded only for them, so a scripted read does not pay for it (docs/performance.md).
    if (this.safety.kind === 'read') refuseWrites(this.made, this.what);
    else await this.writePipeline(dev);
    this.madeClient(this.made);
    return this.made;
  }

  async writer(): Promise<Client> {
    // A command declared a read (safety.ts) never writes: its declaration would be false.
    if (this.safety.kind === 'read') throw new Error(`${this.what} is declared a read`);
    const dev = await this.selected();
    if (dev.readonly) {
      const why = this.g.readonly
        ? '--readonly'
        : `readonly: true in context '${dev.context?.name}'`;
      throw new ReadonlyError(
        `refused: the connection is read-only (${why}); nothing was sent — drop the read-only setting to change the device`,
      );
    }
    return this.client();
  }

  async execute(change: Change): Promise<unknown[]> {
    const client = await this.writer();
    const revert = this.revert;
    // a change without an auto-revert is refused before it is asked (nothing sent)
    const plan = revert ? (await import('./revert-run.js')).revertOf(revert, change) : undefined;
    await this.ask(change);
    if (revert && plan && !this.armed) {
      // arming checks the bases first: a conflict sends nothing, not even the save-point
      const { armCli } = await import('./revert-run.js');
      this.armed = await armCli(revert, plan, client, this.options!, {
        ops: change.steps,
        force: this.force,
      });
    }
    await change.prepare?.();
    const { sendChange } = await import('./change.js');
    return sendChange(client, change, this.force);
  }

  /** The confirmation: on a terminal always (unless --yes); off one, --yes when it needs it. */
  protected async ask(change: Change): Promise<void> {
    if (!change.needsYes && !interactive()) return;
    const { confirmationText } = await import('./change.js');
    return confirm(() => confirmationText(change), change.refusal, Boolean(this.g.yes));
  }

  async print(data: unknown, table: () => string | Promise<string>): Promise<void> {
    write(this.format === 'table' ? await table() : await serialize(this.format, data));
  }

  async done(message: string, data?: unknown): Promise<void> {
    if (this.format === 'table') write(sanitize(message));
    else write(await serialize(this.format, data ?? { result: message }));
  }

  warn(message: string): void {
    process.stderr.write(`pbc: warning: ${sanitize(message)}\n`);
  }

  debug(message: string): void {
    if (this.g.debug) process.stderr.write(`pbc debug: ${sanitize(message)}\n`);
  }

  close(): Promise<void> {
    return this.made ? this.made.close().catch(() => {}) : Promise.resolve();
  }
}
