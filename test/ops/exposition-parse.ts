/** Reads Prometheus text exposition back, for the exporter tests (values kept as text). */
export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: string;
}

export interface Parsed {
  types: Map<string, string>;
  helps: Map<string, string>;
  samples: ParsedSample[];
}

export function parseExposition(text: string): Parsed {
  const types = new Map<string, string>();
  const helps = new Map<string, string>();
  const samples: ParsedSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let m = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (m) {
      types.set(m[1]!, m[2]!);
      continue;
    }
    m = /^# HELP (\S+) (.*)$/.exec(line);
    if (m) {
      helps.set(m[1]!, m[2]!);
      continue;
    }
    m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: m[1]!, labels, value: m[3]! });
  }
  return { types, helps, samples };
}
