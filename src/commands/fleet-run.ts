/**
 * `pbc --fleet NAME COMMAND …`: the command runs on every context of the fleet, at most
 * `--parallel N` devices at once (default 4), each through the normal pipeline (its own
 * client, credentials and journal). Reads print one result per device. A write runs in two
 * phases: each device runs the command up to its first write or confirmation (its plan:
 * the question the command asks on one device and the requests it sends, each its
 * operation's describe()) and waits there; when every device has got there or failed, the
 * plans are shown and — when the command would ask on one device (on a terminal every write
 * does) — asked ONCE (no terminal without --yes: refused, nothing sent); then every
 * waiting device goes on, and a per-device summary ends the run.
 * Exit: 0 only when every device succeeded; 2 usage (before anything was sent); else 1.
 */
import type { Command } from 'commander';
import type { Client, LogEntry } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import { sanitize } from '../model/sanitize.js';
import { type Change, confirmationLine } from './change.js';
import type { GlobalOptions } from './context.js';
import { exitCodeOf, formatError } from './errors.js';
import { checkCommand, doubtDetail, unanswered } from './fleet-doubt.js';
import { fleetMembers } from './fleet-members.js';
import { type DeviceOutcome, printReads, printSummary } from './fleet-report.js';
import { Pool, parseParallel } from './pool.js';
import { confirm as ask, interactive } from './prompt.js';
import { type Handler, Runner } from './run.js';
import type { Safety } from './safety.js';

/** What every device of one run waits on, and the decision they wait for. */
class Gate {
  private readonly devices: FleetDeviceRun[] = [];
  private decided?: Promise<void>;
  private refused?: unknown;
  private arrive!: () => void;
  private readonly allThere = new Promise<void>((r) => {
    this.arrive = r;
  });

  constructor(
    private readonly what: string,
    private readonly yes: boolean,
  ) {}

  add(d: FleetDeviceRun): void {
    this.devices.push(d);
  }

  /** A device reached its first write or confirmation, or ended: maybe everyone is there. */
  check(): void {
    if (this.devices.every((d) => d.ended || d.waiting)) this.arrive();
  }

  /** Shows every plan, asks once when any device would ask; rejects when refused. */
  decision(): Promise<void> {
    this.decided ??= this.allThere
      .then(() => this.decide())
      .catch((e: unknown) => {
        this.refused = e;
        throw e;
      });
    return this.decided;
  }

  /** Why the run was refused at the gate (nothing sent), if it was. */
  refusal(): unknown {
    return this.refused;
  }

  private async decide(): Promise<void> {
    const waiting = this.devices.filter((d) => d.waiting);
    const lines = waiting.map((d) => `  ${d.name}: ${sanitize(d.plan ?? this.what)}`);
    const asks = waiting.some((d) => d.asks);
    const failed = this.devices.filter((d) => d.ended).length;
    const heading = `pbc: ${this.what} on ${waiting.length} device${waiting.length === 1 ? '' : 's'} of the fleet${failed ? ` (${failed} not reached or failed before any change)` : ''}:`;
    if (asks && !this.yes && !interactive())
      throw new UsageError(
        `refusing to ${waiting.find((d) => d.refusalText)?.refusalText ?? this.what} on ${waiting.length} device${waiting.length === 1 ? '' : 's'} without confirmation (pass --yes to confirm; nothing was changed)`,
      );
    process.stderr.write(`${heading}\n${lines.join('\n')}\n`);
    if (asks) await ask(`Go ahead on all ${waiting.length}?`, this.what, this.yes);
  }
}

/** One device of a fleet run: a normal Runner whose output is kept and whose writes wait. */
class FleetDeviceRun extends Runner {
  result?: unknown;
  table?: string;
  message?: string;
  plan?: string;
  asks = false;
  waiting = false;
  ended = false;
  /** Went past the gate: anything that fails now may have changed the device. */
  passed = false;
  holding = false;
  /** The command's own "refusing to <…>" words, from its confirmation. */
  refusalText?: string;

  constructor(
    what: string,
    g: GlobalOptions,
    safety: Safety,
    readonly name: string,
    private readonly gate: Gate,
    private readonly pool: Pool,
    private readonly credentials: Pool,
    override readonly shared: Map<string, unknown>,
  ) {
    super(what, { ...g, context: name, fleet: undefined }, safety);
  }

  override async deviceName(): Promise<string> {
    return this.name;
  }

  override client(): Promise<Client> {
    // One password prompt or password_command at a time.
    return this.made ? Promise.resolve(this.made) : this.credentials.run(() => super.client());
  }

  /** The device answered at least one request (with any status). */
  answered = false;
  /** The first write that was sent and got no answer (`POST /device/idled`): applied or not? */
  inDoubt?: string;

  protected override requestLog(): (e: LogEntry) => void {
    const debug = super.requestLog();
    return (e) => {
      if (e.status !== undefined) this.answered = true;
      debug?.(e);
    };
  }

  protected override madeClient(client: Client): void {
    const inner = client.transport.writeHookOf();
    client.transport.setWriteHook({
      before: async (request, context) => {
        await this.pass(undefined, false);
        const after = inner ? await inner.before(request, context) : async () => {};
        return async (outcome) => {
          if (!outcome.ok && unanswered(outcome.error))
            this.inDoubt ??= `${request.method} ${request.path}`;
          await after(outcome);
        };
      },
    });
  }

  /** Waits at the gate (once): gives up its place in the pool meanwhile. */
  private async pass(plan: string | undefined, asks: boolean): Promise<void> {
    if (this.passed) return;
    this.plan = plan;
    this.asks = asks;
    this.waiting = true;
    this.holding = false;
    this.pool.release();
    this.gate.check();
    try {
      await this.gate.decision();
    } finally {
      this.waiting = false;
    }
    await this.pool.acquire();
    this.holding = true;
    this.passed = true;
  }

  override async print(data: unknown, table: () => string | Promise<string>): Promise<void> {
    this.result = data;
    if (this.format === 'table') this.table = await table();
  }

  override async done(message: string, data?: unknown): Promise<void> {
    this.message = message;
    this.result = data ?? { result: message };
  }

  /** Waits at the gate with its plan; the gate asks once for every device. */
  protected override async ask(change: Change): Promise<void> {
    if (this.passed) return;
    this.refusalText = change.refusal;
    await this.pass(await confirmationLine(change), change.needsYes || interactive());
  }

  override warn(message: string): void {
    super.warn(`${this.name}: ${message}`);
  }

  override debug(message: string): void {
    super.debug(`${this.name}: ${message}`);
  }

  /** Runs the handler on this device; never throws. */
  async runOn(handler: Handler, opts: unknown, args: unknown[]): Promise<DeviceOutcome> {
    await this.pool.acquire();
    this.holding = true;
    try {
      const r = await handler(this, opts, ...args);
      const code = typeof r === 'number' ? r : 0;
      const out: DeviceOutcome = { device: this.name, status: code === 0 ? 'ok' : 'failed', code };
      if (this.result !== undefined) out.result = this.result;
      if (this.table !== undefined) out.table = this.table;
      if (this.message !== undefined) out.message = this.message;
      return out;
    } catch (e) {
      const code = exitCodeOf(e);
      // Not reached: a connection failure on a device that never answered, or a write
      // that failed before anything was sent to it.
      const reached = code === 3 ? this.answered : this.passed || code === 1;
      const error = formatError(e, '').replace(/^pbc: /, '');
      if (this.inDoubt !== undefined)
        return {
          device: this.name,
          status: 'unknown',
          code,
          error: doubtDetail(this.name, this.inDoubt, error),
          check: checkCommand(this.name, this.inDoubt),
        };
      return { device: this.name, status: reached ? 'failed' : 'not reached', code, error };
    } finally {
      this.ended = true;
      if (this.holding) this.pool.release();
      this.holding = false;
      this.gate.check();
      await this.close();
    }
  }
}

export async function executeFleet(
  what: string,
  cmd: Command,
  handler: Handler,
  args: unknown[],
  safety: Safety,
): Promise<number> {
  const g = cmd.optsWithGlobals() as GlobalOptions;
  let members: string[];
  let parallel: number;
  try {
    if (safety.kind === 'local')
      throw new UsageError(`--fleet does not apply to ${what}: it does not talk to a device`);
    if (cmd.opts().revertAfter !== undefined || cmd.opts().guard !== undefined)
      throw new UsageError(
        `${cmd.opts().guard !== undefined ? '--guard' : '--revert-after'} is for one device; it does not go with --fleet`,
      );
    parallel = parseParallel(g.parallel);
    members = await fleetMembers(g);
  } catch (e) {
    process.stderr.write(`${formatError(e, what)}\n`);
    return exitCodeOf(e);
  }
  const gate = new Gate(what, Boolean(g.yes));
  const pool = new Pool(parallel);
  const credentials = new Pool(1);
  const shared = new Map<string, unknown>();
  const runs = members.map((name) => {
    const d = new FleetDeviceRun(what, g, safety, name, gate, pool, credentials, shared);
    gate.add(d);
    return d;
  });
  const outcomes = await Promise.all(runs.map((d) => d.runOn(handler, cmd.opts(), args)));
  const refused = gate.refusal();
  if (refused !== undefined) {
    // Asked once and refused (or no terminal and no --yes): nothing was sent to any device.
    process.stderr.write(`${formatError(refused, what)}\n`);
    return exitCodeOf(refused);
  }
  const format = runs[0]!.format;
  for (const o of outcomes)
    if (o.error !== undefined)
      process.stderr.write(`pbc: ${what}: ${sanitize(o.device)}: ${o.error}\n`);
  if (safety.kind === 'read') await printReads(format, outcomes);
  else await printSummary(format, outcomes);
  if (outcomes.every((o) => o.status === 'ok')) return 0;
  // Every device refused the same usage (a bad flag): a usage error, not a fleet failure.
  if (outcomes.every((o) => o.code === 2)) return 2;
  return 1;
}
