/**
 * Device strings are untrusted: a rule name or a log line may carry ESC/CSI/OSC
 * sequences, BEL, backspaces or other C0/C1 controls that would rewrite the operator's
 * terminal (the kubectl CVE-2021-25743 class). Everything that reaches a terminal goes
 * through `sanitize`.
 */

// ESC-introduced sequences: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), DCS/SOS/PM/APC
// (ESC P|X|^|_ ... ST), and two-byte escapes (ESC + one char).
const ESCAPE_SEQUENCE =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]?|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[PX^_][^\u001b]*(?:\u001b\\)?|[\s\S]?)/g;
// C1 CSI/OSC introduced by single 8-bit code points.
const C1_SEQUENCE = /[\u009b][0-?]*[ -/]*[@-~]?|[\u009d][^\u0007\u009c]*[\u0007\u009c]?/g;
// Remaining C0 (except TAB), DEL, C1 controls, and bidi overrides that can disguise text.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Removes escape sequences and replaces other control characters with U+FFFD-free visible marks. */
export function sanitize(text: string, options: { keepNewlines?: boolean } = {}): string {
  // nothing to change (the common case): no regular expression of the four below is compiled
  // or run — each is compiled at its first use in every process (docs/performance.md, warm33)
  if (!UNSAFE.test(text)) return text;
  let out = text.replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '');
  if (options.keepNewlines) {
    out = out.replace(/\r\n?/g, '\n');
    return out.replace(CONTROL, (c) => (c === '\n' ? c : '?')).replace(/\t/g, '  ');
  }
  return out.replace(CONTROL, (c) => (c === '\n' || c === '\r' ? ' ' : '?')).replace(/\t/g, ' ');
}

// Anything `sanitize` could change starts with one of these (ESC and the C1 introducers included).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** True when the text carries anything `sanitize` would change. */
export function hasControls(text: string): boolean {
  return sanitize(text) !== text;
}
