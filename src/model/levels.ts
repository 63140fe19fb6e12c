/** Access levels of the device's user access control (UAC). Each includes those below it. */
export const READ = 1;
export const WRITE = 7;
export const SUPER = 31;
export type AccessLevel = typeof READ | typeof WRITE | typeof SUPER;

export const LEVEL_NAMES: Record<number, string> = {
  0: 'NONE',
  1: 'READ',
  7: 'WRITE',
  31: 'SUPER',
};

export function isAccessLevel(n: number): n is AccessLevel {
  return n === READ || n === WRITE || n === SUPER;
}

export function levelName(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'unknown';
  return LEVEL_NAMES[n] ?? String(n);
}
