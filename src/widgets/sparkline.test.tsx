import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { Sparkline, sparkline } from './sparkline.js';

afterEach(() => cleanup());

describe('sparkline', () => {
  it('scales to the largest shown value by default', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8)).toBe('▁▂▃▄▅▆▇█');
  });

  it('scales to an explicit max and clamps above it', () => {
    expect(sparkline([0, 50, 100, 200], 4, 100)).toBe('▁▅██');
    expect(sparkline([-5, 0], 2, 10)).toBe('▁▁');
  });

  it('shows the last `width` values, right-aligned with blanks before', () => {
    expect(sparkline([7, 0, 7], 2)).toBe('▁█');
    expect(sparkline([7], 4)).toBe('   █');
    expect(sparkline([], 3)).toBe('   ');
    expect(sparkline([1, 2], 0)).toBe('');
  });

  it('treats NaN, null and infinities as missing samples', () => {
    expect(sparkline([4, Number.NaN, null, 8, Number.POSITIVE_INFINITY, undefined], 6)).toBe(
      '▅  █  ',
    );
  });

  it('draws all-zero data as the lowest bar', () => {
    expect(sparkline([0, 0, 0], 3)).toBe('▁▁▁');
  });

  it('renders one line of the given width', async () => {
    const h = renderTui(<Sparkline values={[1, 2, 3, 4]} width={6} />);
    expect(await h.waitFor((f) => f.includes('█'))).toBe('  ▃▅▆█');
  });
});
