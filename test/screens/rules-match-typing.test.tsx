/** The rule editor's match rows take a match as it is said: `in_port=1`, or a pasted line. */
import { describe, expect, it } from 'vitest';
import { rulesMountPerTest } from './rules-console.js';

const mount = rulesMountPerTest();

describe('rule editor: typing a match like you say it', () => {
  it('a pasted `in_port=1 tcp tcp_dst=443` fills one row each; `vlan_vid=7` typed fills both cells', async () => {
    const c = await mount();
    await c.ui.waitFor((f) => f.includes('tap-1') && f.includes('TCAM 10/4096'));
    await c.keys('a');
    await c.ui.waitFor((f) => f.includes('Add rule'));
    await c.keys('down', 'down', 'down');
    await c.keys('in_port=1 tcp tcp_dst=443');
    let f = await c.ui.waitFor((x) => /tcp_dst\s+= 443/.test(x));
    expect(f).toMatch(/match\s+in_port\s+= 1 /);
    expect(f).toMatch(/\n│\s+tcp\s+=\s/);
    await c.keys(' ');
    await c.type('vlan_vid=7');
    f = await c.ui.waitFor((x) => /vlan_vid\s+= 7/.test(x));
    expect(f).toMatch(/tcp_dst\s+= 443/);
    expect(c.sent).toEqual([]);
  });
});
