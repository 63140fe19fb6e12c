import { describe, expect, it } from 'vitest';
import { firstLine, runPasswordCommand } from './credentials.js';

describe('password_command output', () => {
  it('is the first line, without its line ending', () => {
    expect(firstLine('pw\n')).toBe('pw');
    expect(firstLine('pw\r\notpauth://totp/x?secret=JBSW\nlogin: a\n')).toBe('pw');
    expect(firstLine('pw')).toBe('pw');
    expect(firstLine(' spaced pw \n')).toBe(' spaced pw ');
  });

  it('sends only the first line of a command printing several', () => {
    expect(runPasswordCommand("printf 'first\\nsecond\\n'", 'lab')).toBe('first');
  });

  it('refuses an empty first line (exit 2)', () => {
    expect(() => runPasswordCommand("printf '\\nsecond\\n'", 'lab')).toThrow(
      /password_command of context 'lab' printed nothing on its first line/,
    );
  });
});
