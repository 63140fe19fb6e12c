/**
 * Typing a match like you say it, in the rule editor's match rows: `=` typed in a field
 * cell moves on to its value (`in_port=1` fills both), a space after a field or a value
 * starts the next row, and a pasted `in_port=1 tcp tcp_dst=443` fills one row each.
 */
import { isPrintable, textField } from '../../widgets/forms/field.js';

interface Row {
  id: number;
  field: { text: string; cursor: number };
  value: { text: string; cursor: number };
}

interface Form {
  match: Row[];
  focus: string;
  nextId: number;
}

/** `field=value` or a key-only `field` into a row's two cells. */
function split(token: string): { field: string; value: string | null } {
  const at = token.indexOf('=');
  return at === -1
    ? { field: token, value: null }
    : { field: token.slice(0, at), value: token.slice(at + 1) };
}

/**
 * The form after `key` typed in a match row's field (`m<id>.f`) or value (`m<id>.v`) cell,
 * or null when the usual text editing applies.
 */
export function typeInMatch<S extends Form>(s: S, key: string): S | null {
  const m = /^m(\d+)\.([fv])$/.exec(s.focus);
  if (!m || !isPrintable(key)) return null;
  const id = Number(m[1]);
  const cell = m[2] as 'f' | 'v';
  const at = s.match.findIndex((r) => r.id === id);
  const row = s.match[at];
  if (!row) return null;
  const current = cell === 'f' ? row.field : row.value;
  // only at the end of the cell's text: editing inside a value keeps its characters
  if (current.cursor < current.text.length) return null;
  if (key === '=' && cell === 'f' && row.field.text.trim() !== '')
    return { ...s, focus: `m${id}.v` };
  if (key === ' ') {
    if (current.text.trim() === '') return s;
    return insertRows(s, at, [{ field: '', value: null }], 'f');
  }
  if (key.length === 1 || !/[=\s]/.test(key)) return null;
  // a paste: the first word fills this row, each further word a row of its own
  const words = (cell === 'f' ? row.field.text + key : key).trim().split(/\s+/);
  const first = split(words[0]!);
  const filled: Row =
    cell === 'f'
      ? {
          ...row,
          field: textField(first.field),
          value: first.value === null ? row.value : textField(first.value),
        }
      : { ...row, value: textField(row.value.text + words[0]!) };
  const rest = words.slice(1).map(split);
  const base = { ...s, match: s.match.map((r) => (r.id === id ? filled : r)) };
  if (rest.length === 0)
    return { ...base, focus: cell === 'f' && first.value !== null ? `m${id}.v` : s.focus };
  return insertRows(base, at, rest, rest[rest.length - 1]!.value === null ? 'f' : 'v');
}

/** Rows after the one at `at`; the focus on the last one's `cell`. */
function insertRows<S extends Form>(
  s: S,
  at: number,
  rows: readonly { field: string; value: string | null }[],
  cell: 'f' | 'v',
): S {
  const added = rows.map((r, i) => ({
    id: s.nextId + i,
    field: textField(r.field),
    value: textField(r.value ?? ''),
  }));
  const match = [...s.match];
  match.splice(at + 1, 0, ...added);
  const last = added[added.length - 1]!;
  return { ...s, match, nextId: s.nextId + added.length, focus: `m${last.id}.${cell}` };
}
