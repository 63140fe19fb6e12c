/**
 * The Ports table's data: one row per port with its rates now (none while the counters are
 * stale), each port's load (OVERSUB, the detail's feeders), the columns, and the rows the
 * filter shows in the sort chosen.
 */
import { useMemo } from 'react';
import { useConsoleState, usePortRates } from '../../store/react.js';
import { usePortLoads } from '../traffic-view.js';
import { filterPorts, tableColumns } from './columns.js';
import { portRows } from './rows.js';
import { type PortSort, sortRows } from './sort.js';

export function usePortRows(filter: string, sort: PortSort) {
  const info = useConsoleState((s) => s.resources.info.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const stats = useConsoleState((s) => s.resources.stats.data);
  const rates = usePortRates();
  const all = useMemo(() => portRows(info, config, stats, rates), [info, config, stats, rates]);
  const loads = usePortLoads(rates);
  const columns = useMemo(() => tableColumns(all, loads), [all, loads]);
  const rows = useMemo(
    () => sortRows(filterPorts(all, filter), sort, columns),
    [all, filter, sort, columns],
  );
  return { config, loaded: info !== undefined || stats !== undefined, all, loads, columns, rows };
}
