/**
 * The rule editor's impact lines fitted to the terminal (issue 29: at 80 columns they were
 * cut, while the confirmation shows them whole). The summary wraps at its words over at most
 * three lines (continuations indented); the ports line lists the ports that fit and says how
 * many more there are (the confirmation lists them all).
 */

import { portImpactText } from '../../traffic/index.js';
import { textWidth, truncateText } from '../../widgets/index.js';
import type { EditorImpact } from './impact.js';

const INDENT = '     ';
const SUMMARY_LINES = 3;

/** Greedy wrap of words into lines of at most `width` columns, continuation lines indented. */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const clauses = text.split(/(?<= )/);
  const lines: string[] = [];
  let line = '';
  for (const c of clauses) {
    if (line && textWidth(line + c.trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = INDENT;
    }
    line += c;
  }
  lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines.map((l) => truncateText(l, width).text);
  const kept = lines.slice(0, maxLines);
  // the rest joins the last line, cut with … (the confirmation shows it whole)
  const rest = [lines[maxLines - 1]!, ...lines.slice(maxLines).map((l) => l.trim())].join(' ');
  kept[maxLines - 1] = truncateText(rest, width).text;
  return kept.map((l, i) => (i < maxLines - 1 ? truncateText(l, width).text : l));
}

/** `     eth-0-9: 6.1 → 11.8 Gbit/s of 10G · eth-0-10: … · +3 more ports`: the ports that fit. */
export function portsLine(texts: readonly string[], width: number): string {
  if (texts.length === 0) return `${INDENT}no port changes`;
  let line = INDENT;
  for (const [i, t] of texts.entries()) {
    const left = texts.length - i - 1;
    const more = left ? ` · +${left} more port${left > 1 ? 's' : ''}` : '';
    const next = `${line}${i ? ' · ' : ''}${t}`;
    if (textWidth(next + more) <= width) {
      line = next;
      continue;
    }
    const rest = texts.length - i;
    const tail = `+${rest} more port${rest > 1 ? 's' : ''}`;
    return i === 0 ? truncateText(`${INDENT}${t}`, width).text : `${line} · ${tail}`;
  }
  return line;
}

/** The editor's impact lines at this width: the summary (1–3 lines), then the ports line. */
export function impactRows(e: EditorImpact, width: number): string[] {
  return [
    ...wrapWords(e.summary, width, SUMMARY_LINES),
    portsLine(e.impact.ports.map(portImpactText), width),
  ];
}
