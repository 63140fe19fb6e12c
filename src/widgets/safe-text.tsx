/**
 * The only door from the console to the terminal for text. Every screen, widget and the
 * frame draw text with this `Text` (ink's own `Text` may be imported nowhere else: biome's
 * noRestrictedImports, see biome.json), and it sanitizes every string it is given, so a
 * device string cannot reach the terminal raw however a screen builds its lines — a
 * forgotten `sanitize` costs nothing. Strings become one line: escape sequences dropped,
 * other controls (newlines included) shown as '?' or a space (`sanitize`).
 *
 * What it cannot see: a string returned by a component of its own nested in a `Text`
 * (`<Text><Name /></Text>` where Name returns a bare string). Such a component must
 * draw its string with this `Text` too.
 */
import { Text as InkText, type TextProps as InkTextProps } from 'ink';
import { cloneElement, Fragment, isValidElement, type JSX, type ReactNode } from 'react';
import { sanitize } from '../model/index.js';

export type TextProps = InkTextProps;

/**
 * `node` with every string in it (arrays and fragments included) sanitized to one line. In an
 * array, strings and numbers next to each other become one string: React makes a fiber and Ink
 * a text node for each child (the console's first frame had 90 for 49 texts), and Ink joins
 * them again when it draws. (Each piece is sanitized before the join: no control can be made
 * by joining.)
 */
function safeNode(node: ReactNode): ReactNode {
  if (typeof node === 'string') return sanitize(node);
  if (Array.isArray(node)) return joined(node as readonly ReactNode[], safeNode);
  if (isValidElement<{ children?: ReactNode }>(node) && node.type === Fragment) {
    const children = node.props.children;
    const safe = safeNode(children);
    if (safe === children) return node;
    return Array.isArray(safe)
      ? cloneElement(node, undefined, ...safe)
      : cloneElement(node, undefined, safe);
  }
  return node;
}

/**
 * `items`, each through `safe`, with neighbouring strings and numbers joined into one string:
 * one string alone is returned as is; an array that needed no change is returned itself.
 */
function joined(items: readonly ReactNode[], safe: (n: ReactNode) => ReactNode): ReactNode {
  const out: ReactNode[] = [];
  let changed = false;
  for (const item of items) {
    const after = safe(item);
    if (after !== item) changed = true;
    const last = out.length - 1;
    const text = typeof after === 'number' ? String(after) : after;
    if (typeof text === 'string' && last >= 0 && typeof out[last] === 'string') {
      out[last] = `${out[last]}${text}`;
      changed = true;
    } else out.push(after);
  }
  if (out.length === 1 && typeof out[0] === 'string') return out[0];
  return changed ? out : items;
}

/**
 * Ink's `Text` called as a function: its two context reads become this component's hooks
 * (always the same two, in the same order) and it returns Ink's host element, so each text
 * is one React fiber, not two (the console's first frame has ~50 of them).
 */
function inkText(props: TextProps): JSX.Element | null {
  return (InkText as (p: TextProps) => JSX.Element | null)(props);
}

export function Text({ children, ...props }: TextProps): JSX.Element | null {
  const safe = safeNode(children);
  return inkText({ ...props, children: safe });
}

/**
 * Lines drawn as one text: each of `lines` sanitized to one line as `Text` does, a newline
 * between them. One text node (one layout node, one measure) for what would be a column of
 * `Text`s, each its own node. Each line must already fit the width it is drawn in (Ink
 * would wrap a longer one, not cut it).
 */
export function TextLines({ lines, ...props }: TextProps & { lines: readonly ReactNode[] }) {
  const children: ReactNode[] = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0) children.push('\n'); // (pbc's own newline between lines, not a device's)
    children.push(safeNode(line));
  }
  return inkText({ ...props, children: joined(children, asIs) });
}

const asIs = (n: ReactNode) => n;
