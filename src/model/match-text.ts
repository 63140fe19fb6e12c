/**
 * A rule's match as text, the one formatter (issue 28): `in_port=1 tcp tcp_dst=443` — fields
 * in the order given, a key-only field (value '') by its name. The rule lists, the details,
 * confirmations, plans, `pbc` output and the simulator's messages all write a match this way.
 * Device text: a screen sanitizes it before the terminal.
 */

/** `in_port=1 tcp tcp_dst=443`; '' for a match of no fields. */
export function matchText(match: Readonly<Record<string, unknown>>): string {
  let text = '';
  for (const k in match) {
    const v = match[k];
    text += `${text ? ' ' : ''}${v === '' ? k : `${k}=${String(v)}`}`;
  }
  return text;
}

/** matchText, or `(match all)` for a match of no fields. */
export function matchLabel(match: Readonly<Record<string, unknown>>): string {
  return matchText(match) || '(match all)';
}

/** `priority 100 in_port=1 tcp`, `priority 5 (match all)`: what identifies a rule, in words. */
export function ruleKeyText(
  priority: number | string,
  match: Readonly<Record<string, unknown>>,
): string {
  return `priority ${priority} ${matchLabel(match)}`;
}
