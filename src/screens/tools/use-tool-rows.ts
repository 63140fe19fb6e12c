/**
 * The Tools screen's rows: the file's intents resolved against the device's ports and
 * checked against the rules the console holds (the delivery check of `pbc tools check`),
 * each tool's tx against its line rate. A file that does not resolve is the problem line.
 */
import { lineRateBps } from '../../model/index.js';
import type { DesiredConfig } from '../../ops/desired/types.js';
import { resolveIntents } from '../../ops/tools/resolve.js';
import { useConsoleState } from '../../store/react.js';
import { hashFieldsOf, tracePorts } from '../../traffic/index.js';
import { checkDelivery } from '../../traffic/intents/index.js';
import { type ToolRow, toolRows } from './rows.js';

export function useToolRows(file: DesiredConfig | undefined, fileError: string) {
  const rules = useConsoleState((s) => s.resources.rules.data);
  const groups = useConsoleState((s) => s.resources.groups.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const hash = useConsoleState((s) => s.resources.deviceConfig.data?.hash);
  const rates = useConsoleState((s) => s.rates.rates);
  const ports = tracePorts(info, config);
  let rows: ToolRow[] = [];
  let problem = fileError;
  if (file && rules && info) {
    try {
      const intents = resolveIntents(file, ports);
      const check = checkDelivery(intents, {
        rules: rules.rules,
        groups: new Map((groups ?? []).map((g) => [g.group_id, g])),
        portUp: (n) => ports.find((p) => p.no === n)?.up ?? false,
        hashFields: hashFieldsOf(hash ?? null),
      });
      const speed = (n: number) => {
        const i = info.find((p) => p.port_no === String(n));
        return lineRateBps(i?.speed);
      };
      rows = toolRows(check, intents, ports, rates, speed);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
  }
  return { rows, problem, ports };
}
