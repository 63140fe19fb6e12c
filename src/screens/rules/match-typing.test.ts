import { describe, expect, it } from 'vitest';
import { editorCommands } from '../../../test/harness/editor-keys.js';
import { editorKey, matchOf, newRuleForm, type RuleForm } from './editor-state.js';

const ctx = {
  commands: editorCommands('rules'),
  env: { ports: [], groups: [], shutPorts: new Set<string>() },
  fixes: [],
  overrideShown: false,
} as unknown as Parameters<typeof editorKey>[2];

function press(form: RuleForm, ...keys: string[]): RuleForm {
  let f = form;
  for (const key of keys) f = editorKey(f, key, ctx).state;
  return f;
}

/** An add form with the focus in the first match row's field cell. */
const atMatch = () => press(newRuleForm('add'), 'down', 'down', 'down');

describe('typing a match like you say it', () => {
  it('in_port=1 typed in the field cell fills the field and the value', () => {
    const f = press(atMatch(), ...'in_port=1');
    expect(matchOf(f)).toEqual({ in_port: '1' });
    expect(f.focus).toMatch(/^m\d+\.v$/);
  });

  it('a space starts the next row: in_port=1 tcp tcp_dst=443 typed key by key', () => {
    const f = press(atMatch(), ...'in_port=1 tcp tcp_dst=443');
    expect(f.match.map((r) => [r.field.text, r.value.text])).toEqual([
      ['in_port', '1'],
      ['tcp', ''],
      ['tcp_dst', '443'],
    ]);
  });

  it('pasted in one piece, one row each, in order', () => {
    const f = press(atMatch(), 'in_port=1 tcp tcp_dst=443');
    expect(f.match.map((r) => [r.field.text, r.value.text])).toEqual([
      ['in_port', '1'],
      ['tcp', ''],
      ['tcp_dst', '443'],
    ]);
    expect(matchOf(f)).toEqual({ in_port: '1', tcp: '', tcp_dst: '443' });
    // the focus on the last value, to go on typing
    expect(f.focus).toBe(`m${f.match[2]!.id}.v`);
  });

  it('a field name alone still types and completes as before', () => {
    const f = press(atMatch(), ...'tcp_d', 'tab');
    expect(f.match[0]!.field.text).toBe('tcp_dst');
  });
});
