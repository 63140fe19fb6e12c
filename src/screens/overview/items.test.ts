/** The Overview's "Errors/drops now" list names what is wrong: errors, drops, or both. */
import { describe, expect, it } from 'vitest';
import { NO_RATE } from '../../store/rates.js';
import type { PortRow } from '../ports/rows.js';
import { overviewItems } from './items.js';

const port = (name: string, errsPs: number, dropsPs: number): PortRow => ({
  no: name.slice(-1),
  name,
  admin: 'up',
  link: 'up',
  speed: '10G',
  duplex: 'full',
  type: null,
  lineBps: 1e10,
  pending: '',
  rate: {
    ...NO_RATE,
    errPps: errsPs + dropsPs,
    errsPs,
    dropsPs,
    history: [],
    busyHistory: [],
    peakBps: 0,
  },
});

describe('Overview: errors/drops now', () => {
  it('calls a port that only drops (an oversubscribed tool port) DROP, not ERR', () => {
    const { items } = overviewItems(
      [port('eth-0-1', 0, 3_720_000), port('eth-0-2', 5.45, 0), port('eth-0-3', 2, 1)],
      20,
    );
    const text = (name: string) => items.find((i) => i.port === name)?.text;
    expect(text('eth-0-1')).toBe('eth-0-1  DROP 3.72M/s');
    expect(text('eth-0-2')).toBe('eth-0-2  ERR 5.45/s');
    expect(text('eth-0-3')).toBe('eth-0-3  ERR 2/s DROP 1/s');
  });
});
