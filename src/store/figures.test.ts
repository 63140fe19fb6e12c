import { describe, expect, it } from 'vitest';
import {
  erroringCount,
  erroringNow,
  lineShare,
  lineShareText,
  percentText,
  rateText,
  talkerBps,
  talkerText,
  usage,
  usageText,
} from './figures.js';

describe('percent of a bounded whole', () => {
  it('rounds down, and never says 0 % when something is used', () => {
    expect(usage(21, 4096).pct).toBe('<1');
    expect(usage(0, 4096).pct).toBe('0');
    expect(usage(4095, 4096).pct).toBe('99');
    expect(usage(4096, 4096).pct).toBe('100');
    expect(usage(29, 100).pct).toBe('29'); // 0.29 × 100 is 28.999… in floating point
    expect(percentText(12)).toBe('>999');
  });

  it('says HIGH from 90 % and FULL at 100 %, with the count', () => {
    expect(usageText('TCAM', usage(21, 4096))).toBe('TCAM 21/4096 (<1%)');
    expect(usageText('TCAM', usage(3687, 4096))).toBe('TCAM 3687/4096 (90%) HIGH');
    expect(usageText('TCAM', usage(3686, 4096))).toBe('TCAM 3686/4096 (89%)');
    expect(usageText('TCAM', usage(4096, 4096))).toBe('TCAM 4096/4096 (100%) FULL');
  });
});

describe('line-rate share', () => {
  it('is the busier direction of a full-duplex port', () => {
    const s = lineShare({ rxBps: 2e9, txBps: 9.9e9 }, 10e9);
    expect(s).toEqual({ share: 0.99, over: false });
    expect(lineShareText(s)).toBe('99%');
  });

  it('never reads above 100 %: a measured rate over the line is marked +', () => {
    const s = lineShare({ rxBps: 10.4e9, txBps: 1e9 }, 10e9);
    expect(s).toEqual({ share: 1, over: true });
    expect(lineShareText(s)).toBe('100%+');
    expect(rateText(10.4e9, 10e9, 'b/s')).toBe('10.0Gb/s+');
    expect(rateText(1.02e9, 1e9)).toBe('1.00G+');
    expect(rateText(0.95e9, 1e9)).toBe('950M');
  });

  it('has none without a rate or a line rate', () => {
    expect(lineShare({ rxBps: null, txBps: 1 }, 10e9)).toBeNull();
    expect(lineShare({ rxBps: 1, txBps: 1 }, null)).toBeNull();
    expect(lineShareText(null)).toBe('–');
    expect(lineShareText(lineShare({ rxBps: 1e6, txBps: 0 }, 10e9))).toBe('<1%');
  });
});

describe('erroring now', () => {
  it('is errors or drops between the last two samples; the count is the marks', () => {
    expect(erroringNow({ errsPs: 2, dropsPs: 5 })).toBe('err');
    expect(erroringNow({ errsPs: 0, dropsPs: 5 })).toBe('drop');
    expect(erroringNow({ errsPs: null, dropsPs: null })).toBeNull();
    expect(erroringNow(undefined)).toBeNull();
    const rates = [
      { errsPs: 1, dropsPs: 0 },
      { errsPs: 0, dropsPs: 3 },
      { errsPs: 0, dropsPs: 0 },
      undefined,
    ];
    expect(erroringCount(rates)).toBe(2);
  });
});

describe('top talker', () => {
  it('ranks by the busier direction and labels rx and tx', () => {
    const r = { rxBps: 9.98e9, txBps: 3.4e9 };
    expect(talkerBps(r)).toBe(9.98e9);
    expect(talkerText(r, 10e9)).toBe('99% rx 9.98G tx 3.40G');
    expect(talkerText({ rxBps: 10.4e9, txBps: 3e9 }, 10e9)).toBe('100%+ rx 10.0G+ tx 3.00G');
    expect(talkerText(r, null)).toBe('rx 9.98G tx 3.40G');
  });
});
