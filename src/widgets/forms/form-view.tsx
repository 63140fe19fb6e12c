/**
 * Draws a field form (form-state.ts): one line per visible field, the focused one marked, its
 * text drawn by the same field view as the editors' (`FieldText`, view.tsx: the cursor, the
 * part around it when the text is longer).
 */
import { Box } from 'ink';
import type { JSX } from 'react';
import { Text } from '../safe-text.js';
import { cleanText, fitCell, textWidth, truncateText } from '../text.js';
import {
  cursorOf,
  DISCARD_LINE,
  displayValue,
  type FormState,
  visibleFields,
} from './form-state.js';
import { FieldText, Marker } from './view.js';

export interface FormViewProps {
  form: FormState;
  width: number;
  /** Lines available; fields scroll to keep the focused one visible. */
  height: number;
}

/** The end of a long value ('…' + tail), so what is being typed stays in view. */
function tailText(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  let out = '';
  for (let i = chars.length - 1; i >= 0; i--) {
    const next = chars[i] + out;
    if (textWidth(next) > width - 1) break;
    out = next;
  }
  return `…${out}`;
}

/** Lines the form needs: fields, the help/error line and the key line. */
export function formHeight(form: FormState): number {
  return visibleFields(form).length + 2;
}

export function FormView({ form, width, height }: FormViewProps): JSX.Element {
  const fields = visibleFields(form);
  const labelWidth = Math.min(
    Math.max(8, ...fields.map((f) => f.label.length)) + 1,
    Math.floor(width / 2),
  );
  const valueWidth = Math.max(4, width - labelWidth - 4);
  const rows = Math.max(1, height - 2);
  const at = Math.max(
    0,
    fields.findIndex((f) => f.id === form.focus),
  );
  const start = Math.max(0, Math.min(at - rows + 1, fields.length - rows));
  const shown = fields.slice(Math.max(0, start), Math.max(0, start) + rows);
  const focused = fields[at];
  const note = form.asking
    ? DISCARD_LINE
    : form.error
      ? `${form.error.field ? '✖' : '!'} ${form.error.message}`
      : focused?.help
        ? focused.help
        : focused?.kind === 'select' || focused?.kind === 'checkbox'
          ? '←/→ or Space changes the value'
          : '';
  return (
    <Box flexDirection="column" width={width}>
      {shown.map((f) => {
        const isFocus = f.id === form.focus;
        const value = form.values[f.id] ?? '';
        const text = displayValue(f, value);
        const shownValue = tailText(cleanText(text), valueWidth - 1);
        // ✖ marks the field an error (the form's check or the device's refusal) is about
        const mark = form.error?.field === f.id ? '✖' : ' ';
        const typed = isFocus && f.kind !== 'select' && f.kind !== 'checkbox';
        return (
          <Text key={f.id} wrap="truncate-end">
            <Text bold={isFocus} color={mark === '✖' ? 'red' : undefined}>
              <Marker focused={isFocus} />
              {mark}
            </Text>
            <Text dimColor={!isFocus}>{fitCell(f.label, labelWidth)}</Text>
            {typed ? (
              // the cursor where the last key left it: ←/→ move it, typing inserts there
              <FieldText
                field={{ text, cursor: cursorOf(form, f.id) }}
                width={valueWidth}
                focused
                {...(f.placeholder ? { placeholder: ` ${f.placeholder}` } : {})}
              />
            ) : (
              <>
                <Text inverse={isFocus}>{shownValue}</Text>
                {value === '' && f.placeholder ? <Text dimColor> {f.placeholder}</Text> : null}
              </>
            )}
          </Text>
        );
      })}
      <Text
        color={form.error || form.asking ? 'red' : undefined}
        bold={Boolean(form.asking)}
        dimColor={!form.error && !form.asking}
        wrap="truncate-end"
      >
        {truncateText(cleanText(note), width).text || ' '}
      </Text>
      <Text dimColor wrap="truncate-end">
        {truncateText('Tab/↑↓ move · Ctrl-U clears · Enter submits · Esc cancels', width).text}
      </Text>
    </Box>
  );
}
