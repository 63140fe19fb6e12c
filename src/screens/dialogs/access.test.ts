import { describe, expect, it } from 'vitest';
import { READ, SUPER, WRITE } from '../../model/index.js';
import { writeRefusal as ruleWriteRefusal } from '../device-view.js';
import { accessRefusal, writeRefusal } from './access.js';

describe('the one access check', () => {
  it('lets the device decide when the level is unknown: not read yet, or UAC on without a level', () => {
    for (const access of [undefined, { uac: true, level: null }]) {
      expect(accessRefusal(SUPER, { readonly: false, access })).toBeNull();
      expect(writeRefusal('rebooting', SUPER, { readonly: false, access })).toBeNull();
      // the rule and group editors ask the same check: no refusal either
      expect(ruleWriteRefusal(false, access, 'radius-user')).toBeNull();
    }
  });

  it('refuses a read-only session and a known level below the one needed, in each wording', () => {
    expect(accessRefusal(READ, { readonly: true })).toEqual({ why: 'readonly' });
    expect(ruleWriteRefusal(true, undefined, 'op')).toBe('this session is read-only (--readonly)');
    const ro = { uac: true, level: READ };
    expect(accessRefusal(WRITE, { readonly: false, access: ro })).toEqual({
      why: 'level',
      level: READ,
    });
    expect(ruleWriteRefusal(false, ro, 'ro')).toBe(
      "user 'ro' has READ; rule and group changes need WRITE",
    );
    expect(
      writeRefusal('changing a user', SUPER, { readonly: false, access: ro, user: 'ro' }),
    ).toBe("changing a user needs SUPER rights; 'ro' has READ");
  });

  it('allows everything with UAC off and a level that reaches the one needed', () => {
    expect(ruleWriteRefusal(false, { uac: false, level: null }, 'x')).toBeNull();
    expect(ruleWriteRefusal(false, { uac: true, level: WRITE }, 'op')).toBeNull();
    expect(
      accessRefusal(SUPER, { readonly: false, access: { uac: true, level: SUPER } }),
    ).toBeNull();
  });
});
