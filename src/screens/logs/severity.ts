/**
 * The severity a device log line carries, when it carries one (the spec's /weblog lines are
 * free text: `2026-11-22 01:02:03.123 message`). Read conservatively, from forms that say a
 * severity and nothing else:
 * - a syslog priority at the start of the message: `<11>…` (severity = priority mod 8);
 * - a Cisco-style mnemonic anywhere: `%LINK-3-UPDOWN:` (the digit is the severity);
 * - a level word as the message's first token: `ERROR …`, `warning: …`, `[WARN] …`, `<err> …`.
 * Anything else (a level word later in the text, `fan 1 error`) has no severity.
 * Severities are syslog's: 0 emergency … 7 debug; smaller is worse.
 */

export type Severity = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Short names, four or five columns, for the severity column. */
export const SEVERITY_NAMES: Record<Severity, string> = {
  0: 'EMERG',
  1: 'ALERT',
  2: 'CRIT',
  3: 'ERR',
  4: 'WARN',
  5: 'NOTE',
  6: 'INFO',
  7: 'DEBUG',
};

const WORDS: Record<string, Severity> = {
  emerg: 0,
  emergency: 0,
  panic: 0,
  alert: 1,
  crit: 2,
  critical: 2,
  fatal: 2,
  err: 3,
  error: 3,
  warn: 4,
  warning: 4,
  notice: 5,
  info: 6,
  informational: 6,
  debug: 7,
};

const STAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})? +/;
const PRI = /^<(\d{1,3})>/;
const MNEMONIC = /%[A-Z][A-Z0-9_]*(?:-[A-Z0-9_]+)?-([0-7])-[A-Z][A-Z0-9_]*\b/;
const FIRST_WORD = /^(?:\[([a-z]+)\]|<([a-z]+)>|([a-z]+)(?=:|\s|$))/i;

/** The severity of one raw log line (timestamp included or not), or undefined. */
export function lineSeverity(line: string): Severity | undefined {
  const text = line.replace(STAMP, '');
  const pri = PRI.exec(text);
  if (pri) {
    const n = Number(pri[1]);
    return n <= 191 ? ((n % 8) as Severity) : undefined;
  }
  const mnemonic = MNEMONIC.exec(text);
  if (mnemonic) return Number(mnemonic[1]) as Severity;
  const word = FIRST_WORD.exec(text);
  const name = (word?.[1] ?? word?.[2] ?? word?.[3])?.toLowerCase();
  return name !== undefined && Object.hasOwn(WORDS, name) ? WORDS[name] : undefined;
}

/**
 * The minimum severities the key cycles through: everything, then the worst only, widening
 * a level at a time (critical, errors, warnings, notices, info) and back to everything.
 */
export const SEVERITY_STEPS: ReadonlyArray<Severity | null> = [null, 2, 3, 4, 5, 6];

export function nextMinimum(now: Severity | null): Severity | null {
  const at = SEVERITY_STEPS.indexOf(now);
  return SEVERITY_STEPS[(at + 1) % SEVERITY_STEPS.length] ?? null;
}

/** What L answers when no line of the log carries a severity. */
export const NO_SEVERITY = "L: this log's lines carry no severity to filter by (/ filters by text)";

/** `≥ WARN`: what a minimum severity shows (warnings and worse). */
export const minimumText = (min: Severity) => `≥ ${SEVERITY_NAMES[min]}`;

export interface SeverityView {
  /** The lines to show, each led by its severity column when any line has a severity. */
  lines: string[];
  /** Some line carries a severity (the column is shown and the filter offered). */
  any: boolean;
}

/**
 * The log as shown: a severity column (`ERR  `, blank where a line has none) when any line
 * carries one, and with a minimum only the lines at it or worse (lines without a severity
 * are left out then). `render` is what the rest of the line shows (timestamps on or off).
 */
export function severityView(
  raw: readonly string[],
  min: Severity | null,
  render: (line: string) => string = (l) => l,
): SeverityView {
  const levels = raw.map(lineSeverity);
  const any = levels.some((s) => s !== undefined);
  if (!any) return { lines: raw.map(render), any };
  const lines: string[] = [];
  raw.forEach((line, i) => {
    const s = levels[i];
    if (min !== null && (s === undefined || s > min)) return;
    lines.push(`${(s === undefined ? '' : SEVERITY_NAMES[s]).padEnd(5)} ${render(line)}`);
  });
  return { lines, any };
}
