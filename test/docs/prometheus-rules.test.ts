/**
 * What pbc ships for a fleet's Prometheus and Grafana stays true: promtool accepts the alert
 * rules and passes their unit tests, every alert has a test where it fires and one where it
 * does not, and the rules and the dashboard only query metrics the exporter writes.
 * promtool comes with Debian's package 'prometheus' (.ci/run installs it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { METRICS } from '../../src/exporter/metrics.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rules = join(root, 'docs', 'prometheus', 'alerts.yml');
const ruleTests = join(root, 'docs', 'prometheus', 'alerts.test.yml');
const dashboard = join(root, 'docs', 'grafana', 'pbc-fleet.json');

function promtool(...args: string[]): { code: number; out: string } {
  const r = spawnSync('promtool', args, { encoding: 'utf8', timeout: 60_000 });
  if (r.error)
    throw new Error(`promtool: ${r.error.message} (install Debian's package 'prometheus')`);
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** pbc_… names in a PromQL expression. */
const metricsIn = (expr: string) => [...expr.matchAll(/\bpbc_[a-z0-9_]+/g)].map((m) => m[0]);
const exported = new Set(METRICS.map((m) => m.name));

interface AlertRule {
  alert: string;
  expr: string;
}

describe('docs/prometheus', () => {
  it('promtool is installed', () => {
    expect(execFileSync('promtool', ['--version'], { encoding: 'utf8' })).toMatch(/promtool/);
  });

  it('promtool check rules accepts alerts.yml', () => {
    const r = promtool('check', 'rules', rules);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/SUCCESS: 8 rules found/);
  });

  it('promtool test rules passes alerts.test.yml', () => {
    const r = promtool('test', 'rules', ruleTests);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/SUCCESS/);
  });

  it('every alert is tested firing and not firing, and queries only exported metrics', () => {
    const doc = parse(readFileSync(rules, 'utf8'));
    const alerts: AlertRule[] = doc.groups.flatMap((g: { rules: AlertRule[] }) => g.rules);
    expect(alerts.map((a) => a.alert).sort()).toEqual(
      [
        'PbcDeviceDown',
        'PbcFanFailed',
        'PbcPortErrorsRising',
        'PbcPortTxDropsRising',
        'PbcPsuFailed',
        'PbcTcamNearlyFull',
        'PbcTemperatureAlarm',
        'PbcToolPortOversubscribed',
      ].sort(),
    );
    const tests = parse(readFileSync(ruleTests, 'utf8')).tests as {
      alert_rule_test: { alertname: string; exp_alerts: unknown[] }[];
    }[];
    const cases = tests.flatMap((t) => t.alert_rule_test);
    for (const a of alerts) {
      const mine = cases.filter((c) => c.alertname === a.alert);
      expect(
        mine.some((c) => c.exp_alerts.length > 0),
        `${a.alert} fires in a test`,
      ).toBe(true);
      expect(
        mine.some((c) => c.exp_alerts.length === 0),
        `${a.alert} quiet in a test`,
      ).toBe(true);
      for (const m of metricsIn(a.expr)) expect(exported, `${a.alert}: ${m}`).toContain(m);
    }
  });

  it('the Grafana dashboard has a datasource variable and queries only exported metrics', () => {
    const d = JSON.parse(readFileSync(dashboard, 'utf8'));
    const vars = d.templating.list as { name: string; type: string }[];
    expect(vars.find((v) => v.type === 'datasource')?.name).toBe('datasource');
    const exprs: string[] = d.panels.flatMap((p: { targets: { expr: string }[] }) =>
      p.targets.map((t) => t.expr),
    );
    const used = new Set(exprs.flatMap(metricsIn));
    for (const m of used) expect(exported, m).toContain(m);
    for (const m of ['pbc_up', 'pbc_port_rx_bytes_total', 'pbc_port_tx_bytes_total'])
      expect(used).toContain(m);
    for (const m of ['pbc_tcam_flows_used', 'pbc_temperature_celsius']) expect(used).toContain(m);
    const uids = (d.panels as { datasource: { uid: string } }[]).map((p) => p.datasource.uid);
    expect(new Set(uids)).toEqual(new Set(['$' + '{datasource}']));
  });
});
