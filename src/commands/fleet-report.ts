/** What a `--fleet` run prints: one result per device (reads), a per-device summary (writes). */
import { sanitize } from '../model/sanitize.js';
import { type Format, serialize, write } from './output.js';

export interface DeviceOutcome {
  /** The context name. */
  device: string;
  /**
   * not reached: a write that failed before anything was sent to this device. unknown: a
   * write was sent and got no answer (timed out, or reset): it may have been applied.
   */
  status: 'ok' | 'failed' | 'not reached' | 'unknown';
  /** The exit code the command would have had on this device alone. */
  code: number;
  result?: unknown;
  /** The table the command printed (table format). */
  table?: string;
  /** A write's one-line report. */
  message?: string;
  /** One line, secrets masked. */
  error?: string;
  /** For an unknown outcome: the read that shows whether the write took effect. */
  check?: string;
}

/** `[{device, ok: true, result} | {device, ok: false, error}]`, or a section per device. */
export async function printReads(format: Format, outcomes: DeviceOutcome[]): Promise<void> {
  if (format !== 'table') {
    const data = outcomes.map((o) =>
      o.status === 'ok'
        ? { device: o.device, ok: true, result: o.result ?? null }
        : { device: o.device, ok: false, error: o.error ?? `exit ${o.code}` },
    );
    write(await serialize(format, data));
    return;
  }
  const sections = outcomes.map((o) => {
    const head = `== ${sanitize(o.device)} ==`;
    const body =
      o.status === 'ok' ? (o.table ?? sanitize(o.message ?? 'ok')) : `error: ${o.error ?? o.code}`;
    return `${head}\n${body.replace(/\n+$/, '')}`;
  });
  write(`${sections.join('\n\n')}\n`);
}

/** device · status · one-line detail, as a table or `[{device, ok, status, result|error}]`. */
export async function printSummary(format: Format, outcomes: DeviceOutcome[]): Promise<void> {
  if (format !== 'table') {
    const data = outcomes.map((o) => ({
      device: o.device,
      ok: o.status === 'ok',
      status: o.status,
      ...(o.status === 'ok'
        ? { result: o.result ?? null }
        : { error: o.error ?? `exit ${o.code}` }),
      ...(o.check !== undefined ? { check: o.check } : {}),
    }));
    write(await serialize(format, data));
    return;
  }
  const { renderTable } = await import('./table.js');
  const detail = (o: DeviceOutcome) =>
    (o.status === 'ok' ? (o.message ?? 'done') : (o.error ?? `exit ${o.code}`)).split('\n')[0];
  write(
    renderTable(
      [{ header: 'DEVICE' }, { header: 'STATUS' }, { header: 'DETAIL', flex: true }],
      outcomes.map((o) => [o.device, o.status, detail(o)]),
    ),
  );
}
