/** The CLI's pure pieces: table fitting and sanitizing, JSON conversion, argument parsing, errors. */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { DeviceError, ReadonlyError } from '../../src/api/errors.js';
import { parseActions, parseCookie, parseLevel, parseMatch } from '../../src/commands/args.js';
import { exitCodeOf, formatError } from '../../src/commands/errors.js';
import { pickFormat, toPlain } from '../../src/commands/output.js';
import { renderPairs, renderTable } from '../../src/commands/table.js';
import { render } from '../../src/commands/views.js';
import { parseConfig } from '../../src/config/config.js';
import { UsageError } from '../../src/model/errors.js';
import type { Rule } from '../../src/model/types.js';

describe('tables', () => {
  it('fits the width, truncating flexible columns, measuring wide characters', () => {
    const rows = [
      [1, '東京のタップ東京のタップ東京のタップ', 'in_port=1 tcp tcp_dst=443 nw_src=10.0.0.0/8'],
      [2, 'short', 'in_port=2'],
    ];
    const out = renderTable(
      [
        { header: 'ID', right: true },
        { header: 'NAME', flex: true },
        { header: 'MATCH', flex: true },
      ],
      rows,
      40,
    );
    for (const line of out.trimEnd().split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(40);
    expect(out).toContain('…');
    expect(out.split('\n')[2]).toMatch(/^ 2 {2}short/);
  });

  it('neutralizes escape sequences and control characters in cells', () => {
    const out = renderTable([{ header: 'NAME' }], [['a\u001b[31mb\u001b]0;x\u0007c\u0008d\r\ne']]);
    expect(out).toBe('NAME\nabc?d  e\n');
    expect(renderPairs([['k', '\u009b31mv']])).toBe('k  v\n');
    // Keys of device objects are device text too.
    expect(renderPairs([['a\u001b[2Jb\nc', 'v']])).toBe('ab c  v\n');
  });

  it('renders 150,000 rows (no spread of a device-sized list into Math.max)', () => {
    const n = 150_000;
    const rules: Rule[] = Array.from({ length: n }, (_, i) => ({
      name: `r-${i}`,
      priority: 1000 - (i % 500),
      match: { in_port: String((i % 28) + 1), tcp: '', tcp_dst: String(i % 65_536) },
      actions: ['output:9'],
      cookie: BigInt(i),
      description: '',
      n_packets: BigInt(i) * 1000n,
      n_bytes: 0n,
      datarate: '',
      datarate_raw: 0,
      real_flow_ct: 1,
    }));
    const lines = render('rules', rules).trimEnd().split('\n');
    expect(lines).toHaveLength(n + 1);
    // The widest name sets the NAME column: every row's ACTIONS start at the same place.
    const at = lines[0]!.indexOf('MATCH');
    expect(lines[n]!.slice(at)).toMatch(/^in_port=\S+ tcp tcp_dst=\d+ +output:9 /);
    expect(lines[1]!.slice(at)).toMatch(/^in_port=1 tcp tcp_dst=0 +output:9 /);
    const pairs = renderPairs(rules.map((r) => [r.name, r.priority] as [string, unknown]));
    expect(pairs.split('\n')[n - 1]).toMatch(/^r-149999 {2}\d+$/);
  });
});

describe('get rules -o table', () => {
  it('lists rules highest priority first, as the device evaluates them', () => {
    const rule = (name: string, priority: number): Rule => ({
      name,
      priority,
      match: { in_port: '1' },
      actions: ['output:2'],
      cookie: 0n,
      description: '',
      n_packets: 0n,
      n_bytes: 0n,
      datarate: '',
      datarate_raw: 0,
      real_flow_ct: 0,
    });
    const out = render('rules', [rule('low', 10), rule('top', 3000), rule('mid', 500)]);
    const names = out
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/)[1]);
    expect(names).toEqual(['top', 'mid', 'low']);
  });
});

describe('output', () => {
  it('turns bigint into exact decimal strings at any depth', () => {
    const cookie = 2n ** 60n + 3n;
    expect(toPlain({ cookie, list: [{ n: 5n }], p: 1, s: 'x', u: undefined })).toEqual({
      cookie: '1152921504606846979',
      list: [{ n: '5' }],
      p: 1,
      s: 'x',
    });
  });

  it('picks the format', () => {
    expect(pickFormat(undefined, true)).toBe('table');
    expect(pickFormat(undefined, false)).toBe('json');
    expect(pickFormat('YAML', true)).toBe('yaml');
    expect(() => pickFormat('xml')).toThrow(UsageError);
  });
});

describe('arguments', () => {
  it('parses matches, actions, cookies, levels', () => {
    expect(parseMatch(['in_port=1,2', 'tcp', 'tcp_dst=443'])).toEqual({
      in_port: '1,2',
      tcp: '',
      tcp_dst: '443',
    });
    expect(() => parseMatch(['tcp', 'tcp'])).toThrow(/twice/);
    expect(() => parseMatch(['=1'])).toThrow(UsageError);
    expect(parseActions(['output:2,3', 'push_vlan:0x8100'])).toEqual([
      'output:2,3',
      'push_vlan:0x8100',
    ]);
    expect(parseCookie('0xffffffffffffffff')).toBe('18446744073709551615');
    expect(() => parseCookie('0x1ffffffffffffffff')).toThrow(UsageError);
    expect(parseLevel('super', '--level')).toBe(31);
    expect(parseLevel('0', '--login-level', true)).toBe(0);
    expect(() => parseLevel('5', '--level')).toThrow(/read \(1\), write \(7\) or super \(31\)/);
  });
});

describe('errors', () => {
  it('are one line: what failed, why, what to try; with exit codes', () => {
    const ro = new ReadonlyError('POST /rules refused: read-only — reconnect without --readonly');
    expect(formatError(ro, 'rules add')).toBe(
      'pbc: rules add: POST /rules refused: read-only (reconnect without --readonly)',
    );
    expect(exitCodeOf(ro)).toBe(2);
    const dev = new DeviceError('POST /rules failed: bad\u001b[2J\nthing');
    expect(formatError(dev, 'rules add')).toBe(
      'pbc: rules add: POST /rules failed: bad thing (the device refused the request; --debug shows the exchange)',
    );
    expect(exitCodeOf(dev)).toBe(1);
    expect(exitCodeOf(new UsageError('x'))).toBe(2);
    expect(formatError(new TypeError('boom'), 'get rules')).toBe(
      'pbc: get rules: boom (unexpected; rerun with --debug for details)',
    );
  });
});

describe('config', () => {
  it('reads contexts as a list or a map, and refuses unknown fields', async () => {
    const list = await parseConfig(
      'current-context: a\ncontexts:\n  - name: a\n    url: http://x/rest\n    readonly: true\n',
      'c.yaml',
    );
    expect(list).toEqual({
      path: 'c.yaml',
      currentContext: 'a',
      contexts: [{ name: 'a', url: 'http://x/rest', readonly: true }],
    });
    const map = await parseConfig(
      'contexts:\n  b:\n    url: http://y/rest\n    user: admin\n',
      'c.yaml',
    );
    expect(map.contexts).toEqual([{ name: 'b', url: 'http://y/rest', user: 'admin' }]);
    await expect(parseConfig('contexts:\n  - name: a\n    pasword: x\n', 'c.yaml')).rejects.toThrow(
      /unknown field 'pasword'/,
    );
    await expect(parseConfig('contexts: [\n', 'c.yaml')).rejects.toThrow(/not valid YAML/);
    await expect(
      parseConfig('contexts:\n  - name: a\n    readonly: yes-please\n', 'c.yaml'),
    ).rejects.toThrow(/true or false/);
  });
});
