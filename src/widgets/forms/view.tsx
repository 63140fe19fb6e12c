/**
 * Thin rendering for forms and dialogs (framed by the widgets' Panel): a text field with its
 * cursor, checkboxes and buttons that show focus without colour (› marker + inverse),
 * and hard wrapping measured in terminal columns.
 */
import { cleanText, Text, takeWidth, textWidth, truncateText } from '../index.js';
import type { TextField } from './field.js';
import { DISCARD_LINE, DISCARD_QUESTION } from './form-state.js';

/** Text cut into lines of at most `width` columns (device text is sanitized first). */
export function wrap(text: string, width: number): string[] {
  const clean = cleanText(text);
  if (width <= 0) return [];
  const out: string[] = [];
  let i = 0;
  while (i < clean.length) {
    let { end } = takeWidth(clean, i, width);
    if (end <= i) break;
    // break after the last space when a word would be cut
    if (end < clean.length && clean[end] !== ' ') {
      const space = clean.lastIndexOf(' ', end - 1);
      if (space > i) end = space + 1;
    }
    out.push(clean.slice(i, end).trimEnd());
    i = end;
  }
  return out.length > 0 ? out : [''];
}

/** At most `max` lines; the last one says how many were left out. */
export function clampLines(lines: readonly string[], max: number, what = 'lines'): string[] {
  if (lines.length <= max) return [...lines];
  if (max <= 0) return [];
  return [...lines.slice(0, max - 1), `… ${lines.length - max + 1} more ${what}`];
}

/** Which form lines fit in `space` lines around the focused one, and a note for the rest. */
export function formWindow(
  total: number,
  at: number,
  space: number,
): { start: number; count: number; note: string } {
  if (total <= space) return { start: 0, count: total, note: '' };
  const count = Math.max(1, space - 1);
  const start = Math.max(0, Math.min(at - Math.floor(count / 2), total - count));
  const above = start;
  const below = total - start - count;
  return {
    start,
    count,
    note: `   … ${[above ? `${above} above (↑)` : '', below ? `${below} below (↓)` : ''].filter(Boolean).join(', ')}`,
  };
}

/**
 * A text field drawn in `width` columns: the part around the cursor when the text is
 * longer, the cursor as an inverse cell while focused, `placeholder` dimmed when empty.
 */
export function FieldText(props: {
  field: TextField;
  width: number;
  focused: boolean;
  placeholder?: string;
}) {
  const { field, focused } = props;
  const width = Math.max(1, props.width);
  const text = cleanText(field.text);
  if (text === '' && !focused)
    return <Text dimColor>{truncateText(props.placeholder ?? '', width).text.padEnd(width)}</Text>;
  if (!focused) return <Text>{truncateText(text, width).text.padEnd(width)}</Text>;
  const cursor = Math.min(field.cursor, text.length);
  // keep the cursor inside the window
  let start = 0;
  while (textWidth(text.slice(start, cursor)) > width - 1) start++;
  const before = text.slice(start, cursor);
  const at = text[cursor] ?? ' ';
  const after = truncateText(
    text.slice(cursor + 1),
    Math.max(0, width - textWidth(before) - 1),
  ).text;
  const used = textWidth(before) + 1 + textWidth(after);
  return (
    <Text>
      {before}
      <Text inverse>{at}</Text>
      {after}
      {text === '' && props.placeholder ? (
        <Text dimColor>{truncateText(props.placeholder, width - 1).text}</Text>
      ) : null}
      {' '.repeat(
        Math.max(
          0,
          width -
            used -
            (text === '' && props.placeholder
              ? Math.min(textWidth(props.placeholder), width - 1)
              : 0),
        ),
      )}
    </Text>
  );
}

/** `›` marks the focused line so focus reads without colour. */
export function Marker(props: { focused: boolean }) {
  return <Text color={props.focused ? 'cyan' : undefined}>{props.focused ? '›' : ' '}</Text>;
}

export function Checkbox(props: { label: string; checked: boolean; focused: boolean }) {
  return (
    <Text wrap="truncate-end">
      <Marker focused={props.focused} />
      <Text inverse={props.focused}>
        [{props.checked ? 'x' : ' '}] {props.label}
      </Text>
    </Text>
  );
}

export function Button(props: { label: string; focused: boolean; disabled?: boolean }) {
  return (
    <Text inverse={props.focused} dimColor={props.disabled && !props.focused} bold={props.focused}>
      {props.focused ? '›' : ' '}[ {props.label} ]
    </Text>
  );
}

const SEVERITY_MARK = { error: '✖', warning: '!', info: 'i' } as const;
const SEVERITY_COLOR = { error: 'red', warning: 'yellow', info: undefined } as const;

/** One issue line: a mark that reads without colour (✖ error, ! warning, i note). */
export function IssueLine(props: {
  severity: 'error' | 'warning' | 'info';
  text: string;
  width: number;
}) {
  return (
    <Text wrap="truncate-end" color={SEVERITY_COLOR[props.severity]}>
      {SEVERITY_MARK[props.severity]}{' '}
      {truncateText(cleanText(props.text), Math.max(0, props.width - 2)).text}
    </Text>
  );
}

/**
 * An editor's last line: its keys (after the device's refusal, when there was one), or the
 * question that Esc with changes asks in their place ("discard changes? y/n").
 */
export function EditorFooter(props: { question?: string; refused?: string; keys: string }) {
  return props.question ? (
    <Text bold color="red" wrap="truncate-end">
      {props.question === DISCARD_QUESTION ? DISCARD_LINE : props.question}
    </Text>
  ) : (
    <Text dimColor wrap="truncate-end">
      {props.refused ? `${props.refused} · ` : ''}
      {props.keys}
    </Text>
  );
}
