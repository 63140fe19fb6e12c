/** The intents sections of a config file: read as written, every problem at FILE:LINE:COL. */
import { describe, expect, it } from 'vitest';
import { DesiredFileError, parseDesired } from './file.js';

const problems = (text: string): string[] => {
  try {
    parseDesired(text, 'f.yaml');
  } catch (e) {
    if (e instanceof DesiredFileError) return e.lines;
    throw e;
  }
  return [];
};

describe('tools in the config file', () => {
  it('reads tools, sources, band, unwanted and tool_groups', () => {
    const c = parseDesired(
      `tools:
  - name: ids
    port: eth-0-9
    wants:
      - { vlan_id: 1-3 }
      - { in_port: 5, udp: "", udp_dst: 53 }
  - name: apm
    port: 10
    wants: [ { tcp: "" } ]
sources: [1, 2, 3, 4]
band: 10000-19999
unwanted: pass
tool_groups: 5000-5099
`,
      'f.yaml',
    );
    expect(c.tools?.map((t) => [t.name, t.port, t.wants])).toEqual([
      ['ids', 'eth-0-9', [{ vlan_id: '1-3' }, { in_port: '5', udp: '', udp_dst: '53' }]],
      ['apm', '10', [{ tcp: '' }]],
    ]);
    expect([c.sources, c.band, c.unwanted, c.tool_groups, c.rules]).toEqual([
      ['1', '2', '3', '4'],
      [10000, 19999],
      'pass',
      [5000, 5099],
      undefined,
    ]);
  });

  it('names each problem by file:line:col', () => {
    expect(
      problems(`tools:
  - name: ids
    port: 9
    wants:
      - { tcp_dst: 80 }
      - { dl_src: "aa:bb:cc:dd:ee:ff" }
      - { vlan_id: 9-3 }
  - name: ids
    port: 10
    colour: red
    wants: [ { tcp: "" } ]
band: 20000-100
unwanted: keep
tool_groups: 1-4294967295
`),
    ).toEqual([
      "f.yaml:5:20: tcp_dst needs the protocol tcp (add 'tcp' or nw_proto=6)",
      expect.stringMatching(/^f\.yaml:6:9: dl_src: not a field intents can combine/),
      "f.yaml:7:9: vlan_id: '9-3' is not a VLAN ID, list or range",
      "f.yaml:10:5: unknown field 'colour' in tool 2 (known: name, port, wants)",
      "f.yaml:12:7: band must be priorities lo-hi within 0-65535, got '20000-100'",
      "f.yaml:13:11: unwanted must be drop or pass, got 'keep'",
      "f.yaml:14:14: tool_groups must be group IDs lo-hi within 0-4294967040, got '1-4294967295'",
    ]);
  });
});
