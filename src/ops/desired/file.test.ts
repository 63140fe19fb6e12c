import { describe, expect, it } from 'vitest';
import { DesiredFileError, parseDesired } from './file.js';

/** The problem lines a bad file gives. */
function problems(text: string, file = 'team.yaml'): string[] {
  try {
    parseDesired(text, file);
  } catch (e) {
    expect(e).toBeInstanceOf(DesiredFileError);
    expect((e as DesiredFileError).exitCode).toBe(2);
    return (e as DesiredFileError).lines;
  }
  throw new Error('the file was accepted');
}

const GOOD = `# a team's filters
rules:
  - priority: 100
    name: web
    description: web traffic to the tools
    match:
      in_port: 1,2
      tcp:
      tcp_dst: 80
      dl_type: 0x0800
    actions: [output:5, 6]
    cookie: 18446744073709551615
  - priority: 90
    match: { ipv6: '', ipv6_src: 'fe80::1/64' }
    actions: [group:40]
    cookie: '9007199254740993'
groups:
  - id: 40
    type: ff
    description: tools
    buckets:
      - { watch_port: 5, actions: [output:5] }
      - watch_port: '6'
        actions: [output:6]
ports:
  eth-0-5: { speed: 10G, duplex: full, shutdown: false }
  eth-0-6: { crc_check: true, xg_speed: XG, speed: 1000 }
group_hash: { macsa: true, ipsa: false }
boot_savepoint: Quicksave
`;

describe('parseDesired', () => {
  it('reads a good file: values as written, cookies exact, positions set', () => {
    const c = parseDesired(GOOD, 'team.yaml');
    expect(c.rules).toEqual([
      {
        priority: 100,
        name: 'web',
        description: 'web traffic to the tools',
        match: { in_port: '1,2', tcp: '', tcp_dst: '80', dl_type: '0x0800' },
        actions: ['output:5', '6'],
        cookie: '18446744073709551615',
        at: { file: 'team.yaml', line: 3, col: 5 },
      },
      {
        priority: 90,
        match: { ipv6: '', ipv6_src: 'fe80::1/64' },
        actions: ['group:40'],
        cookie: '9007199254740993',
        at: { file: 'team.yaml', line: 13, col: 5 },
      },
    ]);
    expect(c.groups).toEqual([
      {
        id: 40,
        type: 'ff',
        description: 'tools',
        buckets: [
          { watch_port: '5', actions: ['output:5'] },
          { watch_port: '6', actions: ['output:6'] },
        ],
        at: { file: 'team.yaml', line: 18, col: 5 },
      },
    ]);
    expect(c.ports).toEqual({
      'eth-0-5': {
        speed: '10G',
        duplex: 'full',
        shutdown: false,
        at: { file: 'team.yaml', line: 26, col: 3 },
      },
      'eth-0-6': {
        crc_check: true,
        xg_speed: 'XG',
        speed: '1000',
        at: { file: 'team.yaml', line: 27, col: 3 },
      },
    });
    expect(c.group_hash).toEqual({ macsa: true, ipsa: false });
    expect(c.boot_savepoint).toBe('Quicksave');
  });

  it('reads JSON, and an empty file owns nothing', () => {
    const json =
      '{"$schema": "x", "rules": [{"priority": 5, "match": {"ip": null}, "actions": ["drop"], "cookie": 12}]}';
    expect(parseDesired(json, 'a.json')).toEqual({
      rules: [
        {
          priority: 5,
          match: { ip: '' },
          actions: ['drop'],
          cookie: '12',
          at: { file: 'a.json', line: 1, col: 28 },
        },
      ],
    });
    expect(parseDesired('', 'empty.yaml')).toEqual({});
    expect(parseDesired('# nothing yet\n', 'empty.yaml')).toEqual({});
  });

  it('reads YAML aliases as the nodes they name', () => {
    const text = `rules:
  - priority: 10
    match: &web { in_port: 1, tcp: '', tcp_dst: 80 }
    actions: &tools [output:5, output:6]
  - priority: 9
    match: *web
    actions: *tools
`;
    const rules = parseDesired(text, 'a.yaml').rules ?? [];
    expect(rules[1]).toMatchObject({
      priority: 9,
      match: { in_port: '1', tcp: '', tcp_dst: '80' },
      actions: ['output:5', 'output:6'],
    });
  });

  it('a syntax error names file:line:col', () => {
    expect(problems('rules:\n  - priority: 1\n    match: {in_port: 1\n')).toEqual([
      expect.stringMatching(/^team\.yaml:4:1: syntax error: /),
    ]);
    expect(problems('{"rules": [}', 'a.json')[0]).toMatch(/^a\.json:1:12: syntax error: /);
    expect(problems('a: 1\na: 2\n')[0]).toMatch(
      /^team\.yaml:2:1: syntax error: Map keys must be unique/,
    );
  });

  it('an unknown field is named at every level, each at its key', () => {
    const text = `rules:
  - priority: 1
    match: { in_port: 1 }
    actions: [drop]
    prio: 3
groups:
  - id: 1
    type: all
    kind: x
    buckets:
      - actions: [output:1]
        weight: 2
ports:
  eth-0-1: { sped: 10G }
group_hash: { macsa: true, mac_sa: false }
bootsavepoint: x
`;
    expect(problems(text)).toEqual([
      "team.yaml:5:5: unknown field 'prio' in rule 1 (known: priority, match, actions, name, description, cookie)",
      "team.yaml:9:5: unknown field 'kind' in group 1 (known: id, type, description, buckets)",
      "team.yaml:12:9: unknown field 'weight' in bucket 1 (known: watch_port, actions)",
      "team.yaml:14:14: unknown field 'sped' in port eth-0-1 (known: speed, duplex, xg_speed, shutdown, unidirectional, crc_check, crc_recalculation)",
      "team.yaml:15:28: unknown field 'mac_sa' in group_hash (known: macsa, macda, ethertype, ipsa, ipda, ip_protocol, src_port, dst_port)",
      "team.yaml:16:1: unknown field 'bootsavepoint' in the file (known: $schema, rules, groups, ports, group_hash, boot_savepoint, tools, sources, band, unwanted, tool_groups)",
    ]);
  });

  it('an invalid match or action gets the rule editor’s message at its value', () => {
    const text = `rules:
  - priority: 1
    match:
      tcp:
      tcp_dst: 70000
    actions: [output:2]
  - priority: 2
    match: { ip: '', nw_src: 10.0.0.300 }
    actions: [output:2, flood]
  - priority: 3
    match: { udp_dst: 53 }
    actions: [drop, output:1]
  - priority: 70000
    match: { in_port: 1 }
    actions: [output:2]
`;
    expect(problems(text)).toEqual([
      "team.yaml:5:16: tcp_dst: '70000' is not a port 0..65535 or a range lo-hi with lo ≤ hi",
      "team.yaml:8:30: nw_src: '10.0.0.300' is not an IPv4 address (a.b.c.d, optional /prefix or /mask)",
      "team.yaml:9:25: unknown action 'flood'",
      "team.yaml:11:23: udp_dst needs the protocol udp (add 'udp' or nw_proto=17)",
      'team.yaml:12:15: drop must be the only action',
      'team.yaml:13:15: priority must be an integer 0..65535',
    ]);
  });

  it('wrong types, missing fields, bad cookies, bad groups and duplicates', () => {
    const text = `rules:
  - priority: '5'
    match: [in_port]
    actions: { output: 1 }
  - match: { in_port: 1 }
    actions: [output:1]
    cookie: 0x10
  - priority: 5
    match: { in_port: 1 }
    actions: [output:1]
    cookie: '18446744073709551616'
  - priority: 6
    match: { in_port: 1 }
    actions: [output:1]
  - priority: 6
    match: { in_port: 1 }
    actions: [output:2]
groups:
  - id: 1
    type: fast
    buckets: [{ actions: [output:1] }]
  - id: 2
    type: ff
    buckets: [{ actions: [group:1] }]
  - id: 3
    type: all
    buckets: []
ports:
  eth-0-1: { shutdown: yes, duplex: both }
group_hash: { macsa: 1 }
boot_savepoint: ''
`;
    expect(problems(text)).toEqual([
      'team.yaml:2:15: priority must be an integer',
      'team.yaml:3:12: match must be a mapping',
      'team.yaml:4:14: actions must be a list or the device form (output:12,output:13)',
      'team.yaml:5:5: rule 2 has no priority',
      "team.yaml:7:13: cookie must be a decimal integer 0..18446744073709551615, got '0x10'",
      "team.yaml:11:13: cookie must be a decimal integer 0..18446744073709551615, got '18446744073709551616'",
      'team.yaml:15:5: this rule has the same priority and match as the rule at line 12',
      "team.yaml:20:11: group type must be select (load-balance), ff (fast-failover) or all (clone), got 'fast'",
      'team.yaml:24:15: bucket 1: a fast-failover bucket needs a watch port',
      'team.yaml:24:26: bucket 1: a bucket cannot send to another group',
      'team.yaml:27:14: a group needs at least one bucket',
      'team.yaml:29:24: shutdown must be true or false',
      "team.yaml:29:37: duplex must be full, half, auto, got 'both'",
      'team.yaml:30:22: group_hash macsa must be true or false',
      'team.yaml:31:17: boot_savepoint is empty',
    ]);
  });

  it("takes actions in the device's own form as well as a list", () => {
    const c = parseDesired(
      'rules:\n  - priority: 1\n    match: { in_port: 1 }\n    actions: output:12,output:13\n' +
        '  - { priority: 2, match: { in_port: 2 }, actions: "output:2,3,group:4" }\n',
      'team.yaml',
    );
    expect(c.rules?.map((r) => r.actions)).toEqual([
      ['output:12', 'output:13'],
      ['output:2,3', 'group:4'],
    ]);
  });

  it('an unknown match field is pointed at by its key, with the nearest known name', () => {
    const text =
      'rules:\n  - priority: 1\n    match:\n      tcp:\n      tcp_dstt: 80\n    actions: [output:1]\n';
    expect(problems(text)).toEqual([
      "team.yaml:5:7: unknown match field 'tcp_dstt' (did you mean tcp_dst?)",
    ]);
  });

  it('stops after 20 problems and says so', () => {
    const rules = Array.from(
      { length: 30 },
      (_, i) => `  - { priority: ${i}, match: { tcp_dst: 1 }, actions: [output:1] }`,
    );
    const lines = problems(`rules:\n${rules.join('\n')}\n`);
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('(stopped after 20 problems)');
  });
});
