import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { Gauge, gaugeLine, gaugeText } from './gauge.js';

afterEach(() => cleanup());

describe('gaugeText', () => {
  it('fills the bar in proportion and reports the whole percent', () => {
    expect(gaugeText(45, 100, 12)).toEqual({ bar: '[████······]', pct: 45, level: 'ok' });
    expect(gaugeText(0, 100, 4)).toEqual({ bar: '[··]', pct: 0, level: 'ok' });
  });

  it('is HIGH from 90 % and FULL from 100 %', () => {
    expect(gaugeText(89.9, 100, 12).level).toBe('ok');
    expect(gaugeText(90, 100, 12).level).toBe('high');
    expect(gaugeText(99.99, 100, 12)).toMatchObject({ pct: 99, level: 'high' });
    expect(gaugeText(100, 100, 12)).toEqual({ bar: '[██████████]', pct: 100, level: 'full' });
    expect(gaugeText(150, 100, 12)).toMatchObject({ pct: 150, level: 'full' });
  });

  it('never fills the whole bar below 100 %', () => {
    expect(gaugeText(99.99, 100, 12).bar).toContain('·');
  });

  it('copes with a zero or missing maximum', () => {
    expect(gaugeText(0, 0, 6)).toMatchObject({ pct: 0, level: 'ok' });
    expect(gaugeText(3, 0, 6)).toMatchObject({ pct: 100, level: 'full' });
    expect(gaugeText(Number.NaN, 10, 6)).toMatchObject({ pct: 0, level: 'ok' });
  });
});

describe('<Gauge>', () => {
  it('spells out the level so it reads without colour', async () => {
    const h = renderTui(<Gauge used={95} max={100} width={40} label="TCAM" />);
    const frame = await h.waitFor((f) => f.includes('TCAM'));
    expect(frame).toMatch(/^TCAM \[█+·+\] {2}95 % HIGH$/);
    expect(stringWidth(frame)).toBeLessThanOrEqual(40);
    h.rerender(<Gauge used={100} max={100} width={40} label="TCAM" />);
    expect(await h.waitFor((f) => f.includes('FULL'))).toContain('100 % FULL');
  });

  it('keeps within the width, dropping the bar before the number and the word', () => {
    for (let width = 0; width <= 50; width++) {
      const line = gaugeLine(100, 100, width, 'Flow table \u001B[31m');
      const text = line.label + line.bar + line.suffix;
      expect(stringWidth(text)).toBeLessThanOrEqual(width);
      expect(text).not.toMatch(/\u001B/);
      if (width >= 10) expect(text).toContain('FULL');
    }
  });
});
