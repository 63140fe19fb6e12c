/** The fuzzer's knobs (PBC_FUZZ_SEED, PBC_FUZZ_SIZE, PBC_FUZZ_FULL) and the accounts it uses. */

/**
 * Requests per `npm test` run: half the full size (see SIZE in ../fuzz.test.ts). The seed is
 * fixed, so every run sends the same requests; the second half cost ~10 s of CPU each time
 * (docs/performance.md, "Test suite") and runs with PBC_FUZZ_FULL=1.
 */
const FUZZ_DEFAULT = 5_000;
export const FULL = process.env.PBC_FUZZ_FULL === '1';
export const TOTAL = Number(process.env.PBC_FUZZ_SIZE ?? (FULL ? 10_000 : FUZZ_DEFAULT));
export const SEED = Number(process.env.PBC_FUZZ_SEED ?? 20251122);
export const BATCH = 500;
/** Batches with UAC on (the factory state is off). */
export const uacBatch = (b: number) => b % 4 === 3;

export const ADMIN = ['admin', 'admin'] as const;
export const KEEPER = ['fuzz-keeper', `keeper-${SEED}-pw`] as const;
export const basic = (user: string, pw: string) =>
  `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`;
