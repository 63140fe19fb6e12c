/**
 * `pbc --demo`: the factory rules plus a monitoring set that tells a story on the screens —
 * most tool ports busy but healthy, eth-0-14 near its line rate, eth-0-15 oversubscribed (a
 * 40G core link into a 10G tool) and dropping, a drop rule counting, a group replicating to
 * two tools, and most of the 100G core link unmatched. Rates drift with the ports' profiles
 * (about ±20 %); with the default seed (1) eth-0-14 is asked for 64–90 % of its line rate,
 * eth-0-15 for 123–181 %, the other tool ports 23–79 % (sampled every 15 minutes over four
 * days). test/sim/demo-story.test.ts checks the story.
 */
import type { Group, Match } from '../model/index.js';
import { rulesKey, type SimState } from './state.js';

const GROUP: Group = {
  group_id: 1,
  type: 'all',
  description: 'Copy to both IDS sensors',
  buckets: [
    { watch_port: '', actions: ['output:27'] },
    { watch_port: '', actions: ['output:28'] },
  ],
};

const RULES: [number, Match, string[], string, string][] = [
  [3000, { tcp: '', tcp_dst: '22' }, ['drop'], 'ssh-drop', 'SSH is not monitored'],
  [
    2500,
    { udp: '', udp_dst: '53' },
    ['output:24'],
    'dns-all',
    'DNS from every port to the DNS analyser',
  ],
  [
    2000,
    { tcp: '', tcp_dst: '80' },
    ['output:14'],
    'web-all',
    'Web from every port to the web probe (near its line rate)',
  ],
  [
    1500,
    { in_port: '18' },
    ['output:15'],
    'core-40g',
    'The 40G core link to one 10G recorder (oversubscribed)',
  ],
  [
    1500,
    { in_port: '5,8,11,13', tcp: '' },
    ['output:10'],
    'campus',
    'Campus uplinks (TCP) to the analyser',
  ],
  [1500, { in_port: '12,22' }, ['output:16'], 'dc-edge', 'Data-centre edge to the NPM probe'],
  [1500, { in_port: '21' }, ['group:1'], 'ids-copy', 'Spine link to both IDS sensors'],
];

/** Adds the demo's group and rules to the active set (the boot save-point stays factory). */
export function loadDemoStory(state: SimState): void {
  state.groups.set(GROUP.group_id, structuredClone(GROUP));
  const now = state.now();
  for (const [priority, match, actions, name, description] of RULES) {
    state.rules.set(rulesKey(priority, match), {
      cookie: state.newCookie(),
      name,
      description,
      priority,
      match,
      actions,
      since: now,
      added: now,
    });
  }
  state.changed(`demo: ${RULES.length} monitoring rules and group 1 added`);
}
