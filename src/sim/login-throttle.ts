/**
 * Slows down password guessing, per client address: after FREE_FAILURES failed logins in a
 * row, the address is refused (429 with Retry-After, no password checked) for a while that
 * doubles with each further failure, up to MAX_DELAY_MS. A successful login clears the
 * address's count. Other addresses are not affected, and nothing waits on the event loop.
 */
import { SimError } from './errors.js';

export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 8000;
/** An address with no failure for this long is forgotten. */
const FORGET_MS = 10 * 60_000;
const MAX_ADDRESSES = 10_000;

interface Record {
  failures: number;
  /** Refused until this instant (epoch ms). */
  until: number;
  last: number;
}

export class TooManyLogins extends SimError {
  constructor(readonly retryAfterS: number) {
    super(429, `too many failed logins from this address; try again in ${retryAfterS} s`);
  }
}

export class LoginThrottle {
  private readonly byAddress = new Map<string, Record>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws 429 while `address` is held back. */
  check(address: string): void {
    const r = this.byAddress.get(address);
    const now = this.now();
    if (r && r.until > now) throw new TooManyLogins(Math.ceil((r.until - now) / 1000));
  }

  failed(address: string): void {
    const now = this.now();
    let r = this.byAddress.get(address);
    if (!r) {
      this.prune(now);
      r = { failures: 0, until: 0, last: now };
      this.byAddress.set(address, r);
    }
    r.failures++;
    r.last = now;
    if (r.failures >= FREE_FAILURES)
      r.until = now + Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (r.failures - FREE_FAILURES));
  }

  succeeded(address: string): void {
    this.byAddress.delete(address);
  }

  /** Failed logins in a row from `address`. */
  failures(address: string): number {
    return this.byAddress.get(address)?.failures ?? 0;
  }

  private prune(now: number): void {
    if (this.byAddress.size < MAX_ADDRESSES) return;
    for (const [a, r] of this.byAddress) if (now - r.last > FORGET_MS) this.byAddress.delete(a);
    // still full: forget the oldest (Map keeps insertion order)
    for (const a of this.byAddress.keys()) {
      if (this.byAddress.size < MAX_ADDRESSES) break;
      this.byAddress.delete(a);
    }
  }
}
