/**
 * A rule written in the vendor's dialect (by its web UI or scripts: protocol, vlan/vlan_id,
 * in_port ranges, extra timeouts, bare-port actions) shows in the Rules table as written,
 * opens in the editor without errors, and an edit sends its match back unchanged (issue 15).
 */
import { describe, expect, it } from 'vitest';
import { startSim } from '../../src/sim/server.js';
import { CTRL_S, CTRL_U, rulesMountPerTest } from './rules-console.js';

const mount = rulesMountPerTest();

const VENDOR_MATCH = {
  in_port: '5-6',
  protocol: 'tcp',
  tcp_dst: '445',
  vlan: 'match',
  vlan_id: '100',
  extra: 'hard_timeout=3600',
};

describe('the vendor dialect in the console', () => {
  it('shows the rule as written, edits it without errors and keeps its match', async () => {
    const sim = await startSim({ port: 0, host: '127.0.0.1' });
    try {
      const q = new URLSearchParams({ priority: '3000', name: 'smb-drop', actions: '3' });
      for (const [k, v] of Object.entries(VENDOR_MATCH)) q.set(`match[${k}]`, v);
      const res = await fetch(`${sim.url}/rules`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: q.toString(),
      });
      expect(res.status, await res.text()).toBe(200);
      const c = await mount({ sim, columns: 160 });
      let f = await c.ui.waitFor((x) => x.includes('smb-drop') && x.includes('TCAM 12/4096'));
      const row = f.split('\n').find((l) => l.includes('smb-drop')) ?? '';
      expect(row).toContain('protocol=tcp');
      expect(row).toContain('vlan_id=100');
      await c.keys('e');
      f = await c.ui.waitFor((x) => x.includes("Edit rule 'smb-drop'"));
      expect(f).toMatch(/\bprotocol +=/);
      expect(f).toMatch(/\bextra +=/);
      expect(f).not.toMatch(/unknown match field|✖/);
      expect(f).toContain('this rule: 2 flows');
      await c.keys(CTRL_U);
      await c.type('3,4');
      f = await c.ui.waitFor((x) => x.includes('Apply (Ctrl-S)'));
      await c.keys(CTRL_S);
      f = await c.ui.waitFor((x) => x.includes('Modify rule — confirm'));
      expect(f).toContain('Sends PUT /rules');
      await c.keys('y');
      await c.ui.waitFor((x) => x.includes('Modify rule: done'));
      expect(c.sent).toHaveLength(1);
      expect(c.sent[0]).toMatchObject({ method: 'PUT', query: { match: VENDOR_MATCH } });
      const after = (await c.admin.rules.list()).rules.find((r) => r.name === 'smb-drop');
      expect(after?.match).toEqual(VENDOR_MATCH);
      expect(after?.actions).toEqual(['3', '4']);
    } finally {
      await sim.close();
    }
  });
});
