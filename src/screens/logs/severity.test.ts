import { describe, expect, it } from 'vitest';
import {
  lineSeverity,
  nextMinimum,
  SEVERITY_STEPS,
  type Severity,
  severityView,
} from './severity.js';

const at = (message: string) => `2026-11-22 01:02:03.456 ${message}`;

describe('lineSeverity', () => {
  it('reads a syslog priority, a %MOD-N-MNEMONIC and a leading level word', () => {
    expect(lineSeverity(at('<11>ports: link down'))).toBe(3);
    expect(lineSeverity(at('<190>x'))).toBe(6);
    expect(lineSeverity(at('%LINK-3-UPDOWN: Interface eth-0-5, changed state to down'))).toBe(3);
    expect(lineSeverity(at('ports: %SFP-4-RX_POWER_LOW: eth-0-17 -14.2 dBm'))).toBe(4);
    expect(lineSeverity(at('%ENV-FAN-2-FAILED: fan 3'))).toBe(2);
    expect(lineSeverity(at('ERROR ports: eth-0-5 down'))).toBe(3);
    expect(lineSeverity(at('warning: fan 2 slow'))).toBe(4);
    expect(lineSeverity(at('[WARN] temp 2 high'))).toBe(4);
    expect(lineSeverity(at('<crit> PSU 1 failed'))).toBe(2);
    expect(lineSeverity(at('debug'))).toBe(7);
    expect(lineSeverity('NOTICE no timestamp here')).toBe(5);
  });

  it('finds none in plain lines, nor in a level word that is not the first token', () => {
    expect(lineSeverity(at('ntp: clock synchronized to 192.0.2.123'))).toBeUndefined();
    expect(lineSeverity(at('system: fan 1 error counter reset'))).toBeUndefined();
    expect(lineSeverity(at('auth: failed login for user error'))).toBeUndefined();
    expect(lineSeverity(at('errors: 5'))).toBeUndefined();
    expect(lineSeverity(at('information follows'))).toBeUndefined();
    expect(lineSeverity(at('<999>too big'))).toBeUndefined();
    expect(lineSeverity(at('100%-3-x'))).toBeUndefined();
    expect(lineSeverity(at('toString'))).toBeUndefined();
    expect(lineSeverity(at('constructor: x'))).toBeUndefined();
    expect(lineSeverity('')).toBeUndefined();
  });
});

describe('severityView', () => {
  const raw = [at('ntp: synced'), at('%LINK-3-UPDOWN: eth-0-5 down'), at('WARN fan 2 slow')];

  it('adds no column when no line carries a severity', () => {
    const v = severityView([at('a'), at('b')], null);
    expect(v.any).toBe(false);
    expect(v.lines).toEqual([at('a'), at('b')]);
  });

  it('leads each line with its severity, blank where it has none', () => {
    const v = severityView(raw, null);
    expect(v.any).toBe(true);
    expect(v.lines).toEqual([`      ${raw[0]}`, `ERR   ${raw[1]}`, `WARN  ${raw[2]}`]);
  });

  it('with a minimum shows the lines at it or worse, and no line without a severity', () => {
    expect(severityView(raw, 3).lines).toEqual([`ERR   ${raw[1]}`]);
    expect(severityView(raw, 4).lines).toHaveLength(2);
    expect(severityView(raw, 2).lines).toEqual([]);
    expect(severityView(raw, 4, (l) => l.slice(24)).lines[1]).toBe('WARN  WARN fan 2 slow');
  });
});

describe('nextMinimum', () => {
  it('starts with the worst only, widens a level at a time, then shows everything again', () => {
    const seen: Array<Severity | null> = [null];
    let m = nextMinimum(null);
    while (m !== null) {
      seen.push(m);
      m = nextMinimum(m);
    }
    expect(seen).toEqual(SEVERITY_STEPS);
    expect(seen.slice(1)).toEqual([2, 3, 4, 5, 6]);
  });
});
