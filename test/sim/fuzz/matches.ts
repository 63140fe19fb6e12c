/** Rule matches: from a small space (so adds collide) or random, some of them invalid. */
import type { Rng } from './rng.js';
import { Obj, type Val } from './values.js';

/** A match from a small space (so adds collide and modifies/deletes find their rule). */
export function plainMatch(r: Rng): Obj {
  const m: [string, Val][] = [];
  if (r.chance(0.9)) m.push(['in_port', r.pick(['1', '2', '3', '1,2', '5,6,7,8'])]);
  switch (r.int(0, 6)) {
    case 0:
      m.push(['tcp', ''], ['tcp_dst', r.pick(['80', '443', '1000-1999'])]);
      break;
    case 1:
      m.push(['udp', ''], ['udp_dst', r.pick(['53', '1024-65535'])]);
      break;
    case 2: // 900 flows per port (1 in 3): the TCAM fills up fast
      if (r.chance(1 / 3)) m.push(['tcp', ''], ['tcp_src', '1-65534'], ['tcp_dst', '1-65534']);
      else m.push(['tcp', ''], ['tcp_src', '1-65534']);
      break;
    case 3:
      m.push(['ipv6', ''], ['ipv6_src', '2001:db8::1']);
      break;
    default:
      break;
  }
  return new Obj(m);
}

export function randomMatch(r: Rng): Obj {
  if (r.chance(0.5)) return plainMatch(r);
  const m = new Map<string, Val>();
  if (r.chance(0.8)) {
    const ports = Array.from(
      {
        length: r.weighted([
          [1, 6],
          [2, 2],
          [4, 1],
          [10, 1],
        ]),
      },
      () => String(r.int(1, r.chance(0.95) ? 28 : 40)),
    );
    m.set('in_port', [...new Set(ports)].join(','));
  }
  const l4 = r.weighted([
    ['', 4],
    ['tcp', 3],
    ['udp', 2],
    ['ip', 1],
    ['ipv6', 1],
    ['bad', 1],
  ] as const);
  if (l4 === 'tcp' || l4 === 'udp') {
    m.set(l4, '');
    const lo = r.int(0, 65535);
    const value = r.chance(0.5) ? String(lo) : `${lo}-${r.int(lo, 65535)}`;
    m.set(`${l4}_${r.pick(['src', 'dst'])}`, value);
    if (r.chance(0.15)) m.set(`${l4}_src`, '1-65534');
  } else if (l4 === 'ip') {
    m.set('ip', '');
    m.set('nw_src', `10.${r.int(0, 300)}.0.0/${r.int(0, 33)}`);
  } else if (l4 === 'ipv6') {
    m.set('ipv6', '');
    m.set('ipv6_src', '2001:db8::1');
  } else if (l4 === 'bad') {
    const [k, v] = r.pick<[string, Val]>([
      ['tcp_dst', '80'],
      ['colour', 'red'],
      ['dl_vlan', '5000'],
      ['in_port', ''],
      ['__proto__', '1'],
      ['constructor', ''],
      ['toString', '1'],
    ]);
    m.set(k, v);
  }
  if (r.chance(0.1)) m.set('dl_vlan', String(r.int(0, 4100)));
  return new Obj([...m.entries()]);
}
