/** `pbc fleets`: the fleets of the config file and their contexts (reads no device). */
import { UsageError } from '../model/errors.js';
import type { Run } from './run.js';

export async function list(run: Run): Promise<void> {
  const { configPath, loadConfig } = await import('../config/config.js');
  const path = configPath();
  const cfg = await loadConfig(path);
  if (!cfg)
    throw new UsageError(`no config file at ${path} (fleets are defined there, see docs/fleet.md)`);
  const rows = Object.entries(cfg.fleets ?? {}).map(([fleet, contexts]) => ({
    fleet,
    contexts,
    urls: contexts.map((c) => cfg.contexts.find((x) => x.name === c)?.url ?? ''),
  }));
  await run.print(rows, async () => {
    if (rows.length === 0) return `no fleets in ${path}\n`;
    const { renderTable } = await import('./table.js');
    return renderTable(
      [{ header: 'FLEET' }, { header: 'DEVICES', right: true }, { header: 'CONTEXTS', flex: true }],
      rows.map((r) => [r.fleet, r.contexts.length, r.contexts.join(', ')]),
    );
  });
}
