import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Box, Text as InkText } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { Panel } from './panel.js';
import { Text, TextLines } from './safe-text.js';

afterEach(() => cleanup());

const HOSTILE = 'n\u001b]0;PWNED\u0007\u001b]52;c;SGVsbG8=\u0007\u001b[2J\u009b31m\u202e\r\nx';

/** Everything written, minus Ink's own CSI sequences: must hold no control at all. */
function deviceBytes(out: string): string {
  return out.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('Text (the one way text reaches the terminal)', () => {
  it('sanitizes strings given whole, in pieces, in fragments and in nested Texts', async () => {
    const h = renderTui(
      <>
        <Text>{HOSTILE}</Text>
        <Text>
          Top: {HOSTILE} {42}
        </Text>
        <Text bold>
          {/* biome-ignore lint/complexity/noUselessFragments: a fragment is the case tested */}
          <>a{[HOSTILE]}</>
          <Text color="red">{HOSTILE}</Text>
        </Text>
        <Panel title={HOSTILE} width={40} height={3} />
      </>,
      { columns: 80, rows: 12 },
    );
    const frame = await h.waitFor((f) => f.includes('Top:'));
    const out = deviceBytes(h.output());
    expect(out).not.toMatch(CONTROL);
    expect(out).not.toContain('\u001b');
    expect(out).not.toContain('PWNED');
    expect(out).not.toContain('SGVsbG8');
    // One line each: the newline and CR became spaces, the rest '?' or nothing.
    expect(frame).toContain('n?  x');
    expect(frame).toContain('Top: n?  x 42');
    expect(frame).toContain('an?  xn?  x');
  });

  it('TextLines draws one line per item, each sanitized: a device newline cannot start another', async () => {
    const h = renderTui(
      <TextLines
        lines={[
          'first',
          HOSTILE,
          <Text key="x" color="yellow">
            {HOSTILE}
          </Text>,
          'last',
        ]}
      />,
      { columns: 40, rows: 8 },
    );
    const frame = await h.waitFor((f) => f.includes('last'));
    expect(frame.split('\n').slice(0, 4)).toEqual(['first', 'n?  x', 'n?  x', 'last']);
    const out = deviceBytes(h.output());
    expect(out).not.toMatch(CONTROL);
    expect(out).not.toContain('PWNED');
  });

  it('joins neighbouring pieces only after each is made safe: pieces cannot make an escape', async () => {
    const h = renderTui(
      <>
        <Text>
          {'\u001b'}
          {'[2J'}
          {'\u001b]0;'}
          {'PWNED\u0007'}
          {7}
          {'end'}
        </Text>
        <TextLines lines={['\u001b', '[31mred', <Text key="k">{'\u009b'}</Text>, '1m']} />
      </>,
      { columns: 40, rows: 8 },
    );
    const frame = await h.waitFor((f) => f.includes('end'));
    expect(deviceBytes(h.output())).not.toMatch(CONTROL);
    expect(frame.split('\n').slice(0, 5)).toEqual(['[2JPWNED?7end', '', '[31mred', '', '1m']);
  });

  it("draws what Ink's Text draws for clean text: styles, nesting, a Box's background, no children", async () => {
    const draw = async (T: typeof Text) => {
      const h = renderTui(
        <Box flexDirection="column">
          <T bold>
            a <T color="red">b</T>
            {'c'}
          </T>
          <Box backgroundColor="blue">
            <T dimColor>inherits the background</T>
          </Box>
          <T wrap="truncate">{'cut at the width: 0123456789 0123456789 0123456789 0123456789'}</T>
          <T>{null}</T>
          <T inverse>end</T>
        </Box>,
        { columns: 30, rows: 8 },
      );
      await h.waitFor((f) => f.includes('end'));
      return h.output();
    };
    const stock = await draw(InkText as typeof Text);
    cleanup();
    expect(await draw(Text)).toBe(stock);
  });

  it("is the only importer of ink's Text in src (lint rule noRestrictedImports, checked here too)", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const src = readFileSync(p, 'utf8');
          for (const m of src.matchAll(/import\s+([^;]*?)\s+from\s+['"]ink['"]/g)) {
            const what = m[1]!;
            if (what.startsWith('type ')) continue; // types draw nothing
            // Named imports only (a namespace or default import would reach Text too).
            if (/\bText\b|\bTransform\b/.test(what) || !what.startsWith('{')) offenders.push(p);
          }
        }
      }
    };
    walk(join(import.meta.dirname, '..'));
    expect(offenders.filter((p) => !p.endsWith(join('widgets', 'safe-text.tsx')))).toEqual([]);
  });
});
