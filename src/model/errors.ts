/**
 * Wrong or missing arguments, a refused configuration, a missing confirmation: what the
 * user gave is wrong, not the device (exit 2). Thrown by every layer from config up.
 */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly exitCode: number = 2;
}
