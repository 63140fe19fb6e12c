/**
 * Ground truth under /_sim: the flows the ports carry, where each one goes, and flows a test
 * or a trainer adds ("a 4 Gbit/s SMB flow appears on eth-0-3"). An added flow runs at a
 * constant rate on top of its port's profile traffic: it raises the port's rx (while the
 * port is up) and is classified and forwarded like every other flow.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SHORTHANDS } from '../model/index.js';
import type { Flow } from '../traffic/index.js';
import { engineOf } from './engine.js';
import { ETH_ARP, ETH_IPV4, ETH_IPV6, type SimFlow } from './flows.js';
import { stringify } from './json.js';
import type { SimState } from './state.js';

const FIELDS = new Set([
  'in_port',
  'protocol',
  'nw_src',
  'nw_dst',
  'src_port',
  'dst_port',
  'bps',
  'vlan',
  'vlan_pcp',
  'dl_src',
  'dl_dst',
  'dl_type',
  'nw_proto',
  'icmp_type',
  'icmp_code',
  'packet_size',
]);
/** The protocols an added flow may name: src/model's shorthands (their dl_type and nw_proto). */
const PROTOCOLS = ['tcp', 'udp', 'sctp', 'icmp', 'arp', 'ip', 'ipv6'];
/** The fastest flow one port could carry (a 1.6T port). */
const MAX_BPS = 1.6e12;

export class FlowInputError extends Error {}

const fail = (msg: string): never => {
  throw new FlowInputError(msg);
};

function int(b: Record<string, unknown>, key: string, lo: number, hi: number): number | undefined {
  const v = b[key];
  if (v === undefined || v === null || v === '') return undefined;
  const text = String(v).trim();
  const n = /^0x[0-9a-f]+$/i.test(text) ? Number.parseInt(text, 16) : Number(text);
  if (!Number.isInteger(n) || n < lo || n > hi)
    fail(`${key} must be an integer ${lo}..${hi}, got '${String(v)}'`);
  return n;
}

function ipv4(b: Record<string, unknown>, key: string, fallback: string): string {
  const v = b[key];
  if (v === undefined || v === null || v === '') return fallback;
  const s = String(v).trim();
  const parts = s.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255))
    fail(`${key} must be an IPv4 address like 198.51.100.7, got '${String(v)}'`);
  return s;
}

function mac(b: Record<string, unknown>, key: string, fallback: string): string {
  const v = b[key];
  if (v === undefined || v === null || v === '') return fallback;
  const s = String(v).trim().toLowerCase();
  if (!/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(s))
    fail(`${key} must be a MAC address like 02:00:00:00:00:01, got '${String(v)}'`);
  return s;
}

/** The port a flow enters on: a port number or an interface name. */
function inPort(state: SimState, v: unknown): number {
  if (v === undefined || v === null || v === '') fail('in_port is required (e.g. "in_port": "3")');
  const text = String(v).trim();
  const byName = state.chassis.ports.find((p) => p.if_name === text);
  const n = byName ? byName.port_no : /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!state.traffic.portNumbers().includes(n))
    fail(`in_port '${text}' is not a port of this device`);
  return n;
}

/** POST /_sim/flows body → an added flow (id assigned by the engine). */
export function parseAddedFlow(state: SimState, b: Record<string, unknown>): SimFlow {
  for (const k of Object.keys(b))
    if (!FIELDS.has(k)) fail(`unknown field '${k}' (known: ${[...FIELDS].join(', ')})`);
  const port = inPort(state, b.in_port);
  const bpsText = b.bps === undefined || b.bps === null ? '' : String(b.bps).trim();
  const bps = Number(bpsText);
  if (bpsText === '' || !Number.isFinite(bps) || bps <= 0 || bps > MAX_BPS)
    fail(`bps must be a rate in bit/s above 0 and at most ${MAX_BPS}, got '${bpsText}'`);
  const protoName = b.protocol === undefined ? undefined : String(b.protocol).trim().toLowerCase();
  if (protoName !== undefined && !PROTOCOLS.includes(protoName))
    fail(`protocol must be one of ${PROTOCOLS.join(', ')}, got '${String(b.protocol)}'`);
  const sh = protoName ? SHORTHANDS[protoName] : undefined;
  const proto = sh && { dl_type: sh.dlType, nw_proto: sh.nwProto };
  const dlType = int(b, 'dl_type', 0, 0xffff);
  if (proto && dlType !== undefined && dlType !== proto.dl_type)
    fail(`dl_type ${dlType} disagrees with protocol ${protoName}`);
  let nwProto = int(b, 'nw_proto', 0, 255);
  if (proto?.nw_proto !== undefined && nwProto !== undefined && nwProto !== proto.nw_proto)
    fail(`nw_proto ${nwProto} disagrees with protocol ${protoName}`);
  nwProto ??= proto?.nw_proto;
  const flow: Flow = {
    id: 0,
    in_port: port,
    dl_src: mac(b, 'dl_src', '02:00:00:00:00:01'),
    dl_dst: mac(b, 'dl_dst', '02:00:00:00:00:02'),
    dl_type: dlType ?? proto?.dl_type ?? ETH_IPV4,
    bps,
    packet_size: int(b, 'packet_size', 64, 9216) ?? 1000,
  };
  const vlan = int(b, 'vlan', 0, 4095);
  const pcp = int(b, 'vlan_pcp', 0, 7);
  if (pcp !== undefined && vlan === undefined) fail('vlan_pcp needs a vlan');
  if (vlan !== undefined) {
    flow.vlan = vlan;
    flow.vlan_pcp = pcp ?? 0;
  }
  const ip = flow.dl_type === ETH_IPV4 || flow.dl_type === ETH_ARP;
  if (ip) {
    flow.nw_src = ipv4(b, 'nw_src', '198.51.100.1');
    flow.nw_dst = ipv4(b, 'nw_dst', '10.1.2.1');
  } else
    for (const k of ['nw_src', 'nw_dst'])
      if (b[k] !== undefined)
        fail(`${k} needs an IPv4 or ARP flow (protocol ip, tcp, udp, sctp, icmp or arp)`);
  if (nwProto !== undefined) flow.nw_proto = nwProto;
  else if (flow.dl_type === ETH_ARP) flow.nw_proto = 1;
  const l4 = flow.nw_proto === 6 || flow.nw_proto === 17 || flow.nw_proto === 132;
  const ports = flow.dl_type === ETH_IPV4 || flow.dl_type === ETH_IPV6;
  for (const k of ['src_port', 'dst_port'])
    if (b[k] !== undefined && !(l4 && ports)) fail(`${k} needs protocol tcp, udp or sctp`);
  if (l4 && ports) {
    flow.tp_src = int(b, 'src_port', 0, 65535) ?? 40000;
    flow.tp_dst = int(b, 'dst_port', 0, 65535) ?? 80;
  }
  const icmp = flow.nw_proto === 1 && flow.dl_type === ETH_IPV4;
  for (const k of ['icmp_type', 'icmp_code'])
    if (b[k] !== undefined && !icmp) fail(`${k} needs protocol icmp`);
  if (icmp) {
    flow.icmp_type = int(b, 'icmp_type', 0, 255) ?? 8;
    flow.icmp_code = int(b, 'icmp_code', 0, 255) ?? 0;
  }
  return { flow, share: 0, addedBps: bps };
}

const PROTOCOL_OF: Record<number, string> = { 6: 'tcp', 17: 'udp', 132: 'sctp', 1: 'icmp' };

function flowToWire(
  state: SimState,
  x: { sim: SimFlow; rule: { cookie: bigint } | null; outputs: number[] },
  bps: number,
): Record<string, unknown> {
  const f = x.sim.flow;
  const name = (p: number) =>
    state.chassis.ports.find((q) => q.port_no === p)?.if_name ?? String(p);
  const protocol =
    f.dl_type === ETH_ARP
      ? 'arp'
      : f.dl_type === ETH_IPV6
        ? 'ipv6'
        : f.dl_type === ETH_IPV4
          ? (PROTOCOL_OF[f.nw_proto ?? -1] ?? 'ip')
          : null;
  const out: Record<string, unknown> = {
    id: f.id,
    added: x.sim.addedBps > 0,
    in_port: String(f.in_port),
    protocol,
    dl_src: f.dl_src,
    dl_dst: f.dl_dst,
    dl_type: `0x${f.dl_type.toString(16).padStart(4, '0')}`,
  };
  if (f.vlan !== undefined) {
    out.vlan = f.vlan;
    out.vlan_pcp = f.vlan_pcp ?? 0;
  }
  if (f.nw_src !== undefined) out.nw_src = f.nw_src;
  if (f.nw_dst !== undefined) out.nw_dst = f.nw_dst;
  if (f.nw_proto !== undefined) out.nw_proto = f.nw_proto;
  if (f.tp_src !== undefined) out.src_port = f.tp_src;
  if (f.tp_dst !== undefined) out.dst_port = f.tp_dst;
  if (f.icmp_type !== undefined) out.icmp_type = f.icmp_type;
  if (f.icmp_code !== undefined) out.icmp_code = f.icmp_code;
  out.packet_size = Math.round(f.packet_size);
  out.bps = Math.round(bps);
  out.rule = x.rule ? x.rule.cookie.toString() : null;
  out.outputs = x.outputs.map(name);
  return out;
}

export function registerFlowControl(app: FastifyInstance, state: SimState): void {
  const json = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type('application/json').send(stringify(body));

  app.post('/_sim/flows', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    try {
      const sim = parseAddedFlow(state, b);
      return json(reply, 200, { id: engineOf(state).addFlow(sim) });
    } catch (e) {
      if (e instanceof FlowInputError) return json(reply, 400, { error: e.message });
      throw e;
    }
  });

  app.delete('/_sim/flows', async (req, reply) => {
    const q = {
      ...((req.query ?? {}) as Record<string, unknown>),
      ...((req.body ?? {}) as Record<string, unknown>),
    };
    const engine = engineOf(state);
    if (q.id === undefined || q.id === '')
      return json(reply, 200, { removed: engine.removeAdded() });
    const id = Number(q.id);
    if (!Number.isInteger(id) || !engine.isAdded(id))
      return json(reply, 404, { error: `no added flow with id '${String(q.id)}'` });
    return json(reply, 200, { removed: engine.removeAdded(id) });
  });

  app.get('/_sim/flows', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const filter: { inPort?: number; cookie?: bigint } = {};
    try {
      if (q.in_port !== undefined && q.in_port !== '') filter.inPort = inPort(state, q.in_port);
      if (q.rule !== undefined && q.rule !== '') {
        const text = String(q.rule).trim();
        if (!/^(0x[0-9a-f]{1,16}|\d{1,20})$/i.test(text))
          fail(`rule must be a rule's cookie (decimal or 0x hex), got '${text}'`);
        filter.cookie = BigInt(text);
      }
      const limit = int(q, 'limit', 1, 1_000_000) ?? 1000;
      const engine = engineOf(state);
      const now = state.counterNow();
      const flows: Record<string, unknown>[] = [];
      for (const x of engine.listFlows(filter)) {
        if (flows.length >= limit) break;
        flows.push(flowToWire(state, x, engine.flowBps(x.sim, now)));
      }
      return json(reply, 200, { flows });
    } catch (e) {
      if (e instanceof FlowInputError) return json(reply, 400, { error: e.message });
      throw e;
    }
  });
}
