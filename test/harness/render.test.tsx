import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from './render.js';

function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const [size, setSize] = useState({ columns: stdout.columns, rows: stdout.rows });
  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns, rows: stdout.rows });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

function Probe() {
  const { columns, rows } = useTerminalSize();
  const [last, setLast] = useState('none');
  const [count, setCount] = useState(0);
  const { exit } = useApp();
  useInput((input, key) => {
    if (input === 'q') exit();
    else if (input === 'x') exit(new Error('boom'));
    else if (key.upArrow) setLast('up');
    else if (key.downArrow) setLast('down');
    else if (key.pageDown) setLast('pagedown');
    else if (key.home) setLast('home');
    else if (key.return) setLast('enter');
    else if (key.escape) setLast('escape');
    else if (key.tab) setLast('tab');
    else if (key.backspace || key.delete) setLast('backspace');
    else setLast(`char:${input}`);
    setCount((n) => n + 1);
  });
  return (
    <Box flexDirection="column" height={rows} width={columns} overflow="hidden">
      <Box flexShrink={0}>
        <Text>{`size ${columns}x${rows}`}</Text>
      </Box>
      <Box flexShrink={0}>
        <Text>{`key ${last} #${count}`}</Text>
      </Box>
      {Array.from({ length: rows + 10 }, (_, i) => (
        // More lines than fit: the root box must clip them.
        // biome-ignore lint/suspicious/noArrayIndexKey: static filler
        <Box key={i} flexShrink={0}>
          <Text>{`filler ${i}`}</Text>
        </Box>
      ))}
    </Box>
  );
}

afterEach(() => cleanup());

describe('renderTui', () => {
  it('reports the configured columns and rows', async () => {
    const h = renderTui(<Probe />, { columns: 120, rows: 30 });
    expect(await h.waitFor((f) => f.includes('size'))).toContain('size 120x30');
  });

  it('defaults to 80x24 and a full-screen frame never exceeds the rows', async () => {
    const h = renderTui(<Probe />);
    const frame = await h.waitFor((f) => f.includes('size 80x24'));
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
    expect(frame).not.toMatch(/\u001B/);
  });

  it('re-renders on resize', async () => {
    const h = renderTui(<Probe />, { columns: 100, rows: 20 });
    await h.waitFor((f) => f.includes('size 100x20'));
    h.resize(60, 12);
    const frame = await h.waitFor((f) => f.includes('size 60x12'));
    expect(frame.split('\n').length).toBeLessThanOrEqual(12);
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('delivers key presses to useInput', async () => {
    const h = renderTui(<Probe />);
    await h.waitFor((f) => f.includes('key none'));
    await h.press('down');
    expect(h.lastFrame()).toContain('key down #1');
    await h.press('up');
    expect(h.lastFrame()).toContain('key up #2');
    await h.press('pagedown');
    expect(h.lastFrame()).toContain('key pagedown');
    await h.press('home');
    expect(h.lastFrame()).toContain('key home');
    await h.press('enter');
    expect(h.lastFrame()).toContain('key enter');
    await h.press('tab');
    expect(h.lastFrame()).toContain('key tab');
    await h.press('backspace');
    expect(h.lastFrame()).toContain('key backspace');
    await h.press('escape');
    await h.waitFor((f) => f.includes('key escape'));
    h.write('a');
    await h.waitFor((f) => f.includes('key char:a'));
  });

  it('accepts input written before Ink subscribed to stdin', async () => {
    const h = renderTui(<Probe />);
    h.write('z');
    await h.waitFor((f) => f.includes('key char:z #1'));
  });

  it('records the exit code', async () => {
    const ok = renderTui(<Probe />);
    await ok.waitFor((f) => f.includes('key none'));
    expect(ok.exitCode).toBeUndefined();
    ok.write('q');
    await ok.waitFor(() => ok.exitCode !== undefined);
    expect(ok.exitCode).toBe(0);

    const failed = renderTui(<Probe />);
    await failed.waitFor((f) => f.includes('key none'));
    failed.write('x');
    await failed.waitFor(() => failed.exitCode !== undefined);
    expect(failed.exitCode).toBe(1);
  });

  it('keeps every frame and the styled version of the last one', async () => {
    const h = renderTui(
      <Text inverse bold>
        styled
      </Text>,
    );
    await h.waitFor((f) => f === 'styled');
    expect(h.frames.at(-1)).toBe('styled');
    expect(h.lastStyledFrame()).toContain('styled');
  });
});
