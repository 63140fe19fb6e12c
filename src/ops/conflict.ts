/**
 * A write refused before anything was sent because the device is not as the write was planned
 * on (another operator changed an object it touches) or another operator holds pbc's lock on
 * the device. The CLI exits 5 with `message`; the console shows it and sends nothing.
 */
export class ConflictError extends Error {
  override name = 'ConflictError';
  readonly exitCode = 5;
  constructor(
    message: string,
    /** Why: `base` (the device moved since the plan) or `lock` (another holder). */
    readonly reason: 'base' | 'lock',
    /** The text to show under the one line (three-way view, lock holder …). */
    readonly detail: readonly string[] = [],
  ) {
    super(message);
  }
}
