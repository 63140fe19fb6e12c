/** The device's web log: a bounded ring of timestamped lines. */
export class WebLog {
  private lines: string[] = [];
  private start = 0;

  constructor(
    private readonly capacity = 5000,
    private readonly now: () => number = Date.now,
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
    const line = `${formatLogTime(at)} ${message}`;
    if (this.lines.length < this.capacity) this.lines.push(line);
    else {
      this.lines[this.start] = line;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Oldest first. */
  all(): string[] {
    return [...this.lines.slice(this.start), ...this.lines.slice(0, this.start)];
  }

  clear(): void {
    this.lines = [];
    this.start = 0;
  }

  get size(): number {
    return this.lines.length;
  }
}

export function formatLogTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds(), 3)}`;
}
