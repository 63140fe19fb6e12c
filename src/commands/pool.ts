import { UsageError } from '../model/errors.js';

/** A counting semaphore: at most `size` holders at once (a fleet's --parallel). */
export class Pool {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  /** Runs `work` holding one place. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}

/** `--parallel N`: 1..64, default 4. */
export function parseParallel(text: string | undefined): number {
  if (text === undefined) return 4;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new UsageError(`--parallel must be a whole number 1..64, got '${text}'`);
  return n;
}
