/**
 * The device's web log: a bounded ring of timestamped lines. It is bounded by lines and by
 * the characters it keeps (so /_sim/log cannot make one GET /weblog answer gigabytes), and
 * each line is cut at LOG_LINE_MAX characters.
 */
export const LOG_LINES_MAX = 5000;
export const LOG_CHARS_MAX = 4 * 1024 * 1024;
export const LOG_LINE_MAX = 64 * 1024;
const CUT = ' … (cut)';

export class WebLog {
  private lines: (string | undefined)[] = [];
  /** Index of the oldest line kept. */
  private head = 0;
  private chars = 0;

  constructor(
    private readonly capacity = LOG_LINES_MAX,
    private readonly now: () => number = Date.now,
    private readonly maxChars = LOG_CHARS_MAX,
  ) {}

  /** Runs before each append (the ambient log catches up, so lines stay in time order). */
  beforeAppend: (() => void) | null = null;
  private appending = false;

  append(message: string, at: number = this.now()): void {
    if (this.beforeAppend && !this.appending) {
      this.appending = true;
      try {
        this.beforeAppend();
      } finally {
        this.appending = false;
      }
    }
    let line = `${formatLogTime(at)} ${message}`;
    if (line.length > LOG_LINE_MAX) line = line.slice(0, LOG_LINE_MAX - CUT.length) + CUT;
    this.lines.push(line);
    this.chars += line.length;
    while (this.size > this.capacity || (this.chars > this.maxChars && this.size > 1)) {
      this.chars -= this.lines[this.head]?.length ?? 0;
      this.lines[this.head++] = undefined;
    }
    if (this.head > 1024 && this.head * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.head);
      this.head = 0;
    }
  }

  /** How many of `count` lines of `length` characters the log would keep (the last ones). */
  keeps(count: number, length: number): number {
    const each = Math.min(LOG_LINE_MAX, length + 24);
    return Math.max(1, Math.min(count, this.capacity, Math.floor(this.maxChars / each)));
  }

  /** Oldest first. */
  all(): string[] {
    return this.lines.slice(this.head) as string[];
  }

  clear(): void {
    this.lines = [];
    this.head = 0;
    this.chars = 0;
  }

  get size(): number {
    return this.lines.length - this.head;
  }

  /** Characters kept (all lines). */
  get length(): number {
    return this.chars;
  }
}

function formatLogTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds(), 3)}`;
}
