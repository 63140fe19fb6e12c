/**
 * Sample arguments for every operation builder (test/ops/requests.test.ts sends each one to
 * a recording device). Adding a builder to a table in src/ops/tables.ts means adding its
 * samples here — the type below and the test both fail until then. Include awkward values:
 * spaces, quotes, brackets, `&`, unicode, 64-bit integers, nested fields, secrets.
 */
import type { RuleInput } from '../../src/model/index.js';
import type { GroupInput, OPERATION_TABLES } from '../../src/ops/index.js';
import { DEVICE_SAMPLES } from './samples-devices.js';

export type Tables = typeof OPERATION_TABLES;
/** Family → builder → argument lists, each sent as one operation. */
type Samples = { [F in keyof Tables]: { [B in keyof Tables[F]]: unknown[][] } };

const AWKWARD = 'two words "quoted" [x] a&b=c 100% é 日本 🙂';

const plain: RuleInput = { priority: 100, match: { in_port: '1' }, actions: ['output:2'] };
const awkward: RuleInput = {
  name: AWKWARD,
  description: `${AWKWARD} + more`,
  cookie: 18446744073709551615n,
  priority: 65535,
  match: {
    in_port: '1',
    eth_type: '0x800',
    ipv4_src: '10.0.0.0/8',
    ip_proto: '6',
    tcp_dst: '443',
    vlan_vid: '100/0xfff',
  },
  actions: ['set_field:vlan_vid=200', 'output:2', 'output:group=7'],
};
const keyOnly: RuleInput = {
  name: '',
  description: '',
  cookie: '1152921504606846978',
  priority: 0,
  match: { tcp: '', in_port: '3' },
  actions: [],
};
const matchAll: RuleInput = { priority: 1, match: {}, actions: ['drop'] };

const group: GroupInput = {
  group_id: 7,
  type: 'select',
  buckets: [{ watch_port: '1', actions: ['output:2'] }],
};
const awkwardGroup: GroupInput = {
  group_id: 4294967295,
  type: 'ff',
  description: AWKWARD,
  buckets: [
    { watch_port: '1', actions: ['set_field:eth_dst=00:11:22:33:44:55', 'output:2'] },
    { watch_port: '3', actions: ['output:3'] },
  ],
};

export const SAMPLES: Samples = {
  rules: {
    add: [[plain], [awkward], [keyOnly], [matchAll]],
    modify: [[plain], [awkward], [keyOnly]],
    remove: [[plain], [awkward], [keyOnly], [matchAll]],
    removeAll: [[]],
    resetCounters: [[]],
    savepoint: [
      ['pbc-before-add-rule-20250102-030405', 'taken by the pbc console'],
      [AWKWARD, AWKWARD],
      ['only-a-name'],
    ],
  },
  groups: {
    add: [[group], [awkwardGroup], [[group, awkwardGroup]]],
    modify: [[group], [awkwardGroup], [[group, awkwardGroup]]],
    remove: [[7], [4294967295]],
    removeAll: [[]],
  },
  ...DEVICE_SAMPLES,
};
