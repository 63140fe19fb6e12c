/**
 * `pbc get log -o table`: a line break inside the device time or inside a log line cannot
 * print a line of its own (a forged "all rules deleted" line under the real ones).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

const FORGED = 'FORGED by the device';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
  // GET /weblog answers the real log with the device's clock string as a hostile or broken
  // firmware could send it (through the fault hook every /rest request passes).
  const faults = s.sim.faults as unknown as Record<string, unknown>;
  faults.active = () => true;
  faults.beforeRequest = async (
    req: { method: string; url: string },
    reply: { code(n: number): { type(t: string): { send(b: string): void } } },
  ) => {
    if (req.method === 'GET' && req.url.split('?')[0] === '/rest/weblog')
      reply
        .code(200)
        .type('application/json')
        .send(
          JSON.stringify({
            logs: s.sim.state.log.all(),
            systemDateTime: `2026-11-25 06:00:00\n${FORGED}: time`,
          }),
        );
  };
  // Verbatim, as a device could hold them: every character a terminal breaks a line at.
  await s.control('/_sim/log', {
    lines: [
      `line feed\n${FORGED}: LF`,
      `carriage return\r${FORGED}: CR`,
      `both\r\n${FORGED}: CRLF`,
      `vertical tab\u000b${FORGED}: VT`,
      `form feed\u000c${FORGED}: FF`,
      `next line\u0085${FORGED}: NEL`,
    ],
  });
});
afterAll(() => s?.close());

describe('pbc get log -o table', () => {
  it('prints one line per log line plus the device time, whatever they hold', async () => {
    const data = json(await s.run(['get', 'log', '-o', 'json']));
    const logs = data.logs as string[];
    // JSON carries the strings exactly (escaped).
    expect(logs.filter((l) => l.includes(FORGED))).toHaveLength(6);
    expect(data.systemDateTime ?? data.system_date_time).toContain(`\n${FORGED}`);

    const r = await s.run(['get', 'log', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe(''); // ends with a newline
    expect(lines).toHaveLength(logs.length + 1);
    expect(lines[0]).toMatch(new RegExp(`^# device time 2026-11-25 06:00:00 ${FORGED}: time$`));
    // Each forged part stays on the line of the text before it.
    for (const line of lines) expect(line.startsWith(FORGED), line).toBe(false);
    for (const [before, tag] of [
      ['line feed', 'LF'],
      ['carriage return', 'CR'],
      ['both', 'CRLF'],
      ['vertical tab', 'VT'],
      ['form feed', 'FF'],
      ['next line', 'NEL'],
    ])
      expect(lines.some((l) => new RegExp(`${before}.{1,2}${FORGED}: ${tag}$`).test(l))).toBe(true);
    expect(r.stdout).not.toMatch(/[\r\u000b\u000c\u0085]/);
  });
});
