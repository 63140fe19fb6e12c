/** Syntax checks for single match/action values. Each returns an error message or null. */

export function parseIntStrict(text: string): number | null {
  const t = text.trim();
  if (/^0x[0-9a-f]+$/i.test(t)) return Number.parseInt(t, 16);
  if (/^\d+$/.test(t)) return Number.parseInt(t, 10);
  return null;
}

export function checkRange(text: string, lo: number, hi: number, what: string): string | null {
  const n = parseIntStrict(text);
  if (n === null) return `${what} must be a number, got '${text}'`;
  if (n < lo || n > hi) return `${what} must be ${lo}..${hi}, got ${text}`;
  return null;
}

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;
export function checkMac(text: string): string | null {
  const [addr, mask, extra] = text.split('/');
  if (extra !== undefined || !addr || !MAC.test(addr) || (mask !== undefined && !MAC.test(mask)))
    return `'${text}' is not a MAC address (aa:bb:cc:dd:ee:ff, optional /mask)`;
  return null;
}

export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let v = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    v = v * 256 + n;
  }
  return v;
}

/** IPv4 with optional /prefix (0..32) or /mask (contiguous). Returns [addr, prefixLen]. */
export function parseIpv4Prefix(text: string): [number, number] | null {
  const [addr, mask, extra] = text.split('/');
  if (extra !== undefined || addr === undefined) return null;
  const a = parseIpv4(addr);
  if (a === null) return null;
  if (mask === undefined) return [a, 32];
  if (/^\d{1,2}$/.test(mask)) {
    const p = Number(mask);
    return p <= 32 ? [a, p] : null;
  }
  const m = parseIpv4(mask);
  if (m === null) return null;
  const bits = m.toString(2).padStart(32, '0');
  if (!/^1*0*$/.test(bits)) return null;
  return [a, bits.indexOf('0') === -1 ? 32 : bits.indexOf('0')];
}

export function checkIpv4(text: string): string | null {
  return parseIpv4Prefix(text) === null
    ? `'${text}' is not an IPv4 address (a.b.c.d, optional /prefix or /mask)`
    : null;
}

export function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  // embedded IPv4 in the last group
  const last = all[all.length - 1];
  let v4: number | null = null;
  if (last?.includes('.')) {
    v4 = parseIpv4(last);
    if (v4 === null) return null;
  }
  const hexCount = all.length - (v4 === null ? 0 : 1);
  const total = hexCount + (v4 === null ? 0 : 2);
  if (halves.length === 1 ? total !== 8 : total > 7) return null;
  const words: number[] = [];
  const pushHex = (g: string) => {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return false;
    words.push(Number.parseInt(g, 16));
    return true;
  };
  const headHex = v4 !== null && tail.length === 0 ? head.slice(0, -1) : head;
  for (const g of headHex) if (!pushHex(g)) return null;
  if (halves.length === 2) {
    const tailHex = v4 !== null && tail.length > 0 ? tail.slice(0, -1) : tail;
    const fill = 8 - total;
    for (let i = 0; i < fill; i++) words.push(0);
    for (const g of tailHex) if (!pushHex(g)) return null;
  }
  if (v4 !== null) words.push(Math.floor(v4 / 65536), v4 % 65536);
  if (words.length !== 8) return null;
  return words.reduce((acc, w) => (acc << 16n) | BigInt(w), 0n);
}

export function parseIpv6Prefix(text: string): [bigint, number] | null {
  const [addr, prefix, extra] = text.split('/');
  if (extra !== undefined || addr === undefined) return null;
  const a = parseIpv6(addr);
  if (a === null) return null;
  if (prefix === undefined) return [a, 128];
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > 128) return null;
  return [a, Number(prefix)];
}

export function checkIpv6(text: string): string | null {
  return parseIpv6Prefix(text) === null
    ? `'${text}' is not an IPv6 address (optional /prefix)`
    : null;
}

/** A port value or range `lo-hi` (0..65535). */
export function parseL4Range(text: string): [number, number] | null {
  const m = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/.exec(text);
  if (!m) return null;
  const lo = Number(m[1]);
  const hi = m[2] === undefined ? lo : Number(m[2]);
  if (lo > 65535 || hi > 65535 || lo > hi) return null;
  return [lo, hi];
}

export function checkL4(text: string): string | null {
  return parseL4Range(text) === null
    ? `'${text}' is not a port 0..65535 or a range lo-hi with lo ≤ hi`
    : null;
}

export function checkValueMask16(text: string, what: string): string | null {
  const [v, m, extra] = text.split('/');
  if (extra !== undefined || v === undefined) return `${what} must be value[/mask]`;
  return (
    checkRange(v, 0, 0xffff, what) ??
    (m === undefined ? null : checkRange(m, 0, 0xffff, `${what} mask`))
  );
}

/**
 * A 16-bit `value[/mask]` (vlan_tci) as [value, mask], the mask 0xffff when none is given; null
 * when it does not parse (what checkValueMask16 refuses). The one reading the rule check,
 * the shadowing, the traffic model and the packet classes share.
 */
export function parseValueMask16(text: string): [value: number, mask: number] | null {
  const [v, m, extra] = text.split('/');
  const value = v === undefined ? null : parseIntStrict(v);
  const mask = m === undefined ? 0xffff : parseIntStrict(m);
  if (extra !== undefined || value === null || mask === null || value > 0xffff || mask > 0xffff)
    return null;
  return [value, mask];
}

/** in_port: one port number or several comma-separated. */
export function parsePortList(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,5}$/.test(p)) return null;
    const n = Number(p);
    if (n < 1 || n > 65535) return null;
    out.push(n);
  }
  return out.length > 0 ? out : null;
}

/**
 * in_port as the vendor's clients write it: port numbers and ranges, comma-separated
 * (`5`, `1,2,5`, `5-10`, `1,5-7`). Returns every port (a range lists each), or null.
 */
export function parseInPorts(text: string): number[] | null {
  const out: number[] = [];
  for (const raw of text.split(',')) {
    const m = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/.exec(raw);
    if (!m) return null;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (lo < 1 || hi > 65535 || lo > hi) return null;
    for (let p = lo; p <= hi; p++) out.push(p);
  }
  return out.length > 0 ? out : null;
}
