/** 2 Ports: every port with live rates; sort, filter, details. */
import { useState } from 'react';
import { useConsole, useConsoleState } from '../../store/react.js';
import { layoutColumns } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { DialogView } from '../dialogs/dialog-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { dialogLayer, layer, useKeyLayers } from '../key-layers.js';
import { sameName, usePick } from '../pick.js';
import { useRemembered } from '../remembered.js';
import { traceHeight, useTrace } from '../trace/use-trace.js';
import type { ScreenProps } from '../types.js';
import { useHScroll } from '../use-hscroll.js';
import { PortDetail, sfpLines } from './detail.js';
import { PortListView, PortsLoading, topLine } from './list-view.js';
import { moveSort, nextSort, type PortSort, START_SORT } from './sort.js';
import { usePortEdit } from './use-port-edit.js';
import { usePortRows } from './use-port-rows.js';

export function PortsScreen(props: ScreenProps) {
  const statsError = useConsoleState((s) => s.resources.stats.error?.message);
  const rulesKnown = useConsoleState((s) => s.resources.rules.data !== undefined);
  const { poller } = useConsole();
  // the sort stays when the operator looks at another screen and comes back
  const [sort, setSort] = useRemembered<PortSort>(poller, 'ports.sort', START_SORT);
  const [detail, setDetail] = useState<string | null>(null);
  const { config, loaded, all, loads, columns, rows } = usePortRows(props.filter, sort);
  const { dialog, edit: editPort } = usePortEdit(config, props.notify);
  // the line above the table: what the list is sorted by, and how many ports the filter shows
  const tableHeight = props.height - 1;
  const shownKeys = layoutColumns(columns, props.width - 1).map((c) => c.key);
  // t: trace a packet arriving on the selected port (the form, then the path under the table)
  const trace = useTrace({ notify: props.notify });
  const panel = traceHeight(trace.result, [], Math.floor(props.height / 2));
  // the selection is the port (its number, which the device gives before its name): it stays
  // on it while live columns re-sort the rows
  const listView = useKeyedList(rows, (r) => r.no, tableHeight - 1 - panel, {
    nameOf: (r) => r.name,
    filter: props.filter,
    sort: `${sort.key} ${sort.desc}`,
  });
  const list = listView.state;
  // `:port NAME` (or a port number), Enter on the Overview: that port selected, its details open
  usePick(
    props.pick,
    loaded ? rows : undefined,
    (r, want) => sameName(r.name, want) || r.no === want.trim(),
    (i, r) => {
      listView.set(i);
      setDetail(r.name);
    },
    (want) => props.notify(`no port '${want}' on this device`),
    ['info', 'config'],
  );

  // the port's form reads raw keys while it is open (its own ref: typed-ahead keys reach it)
  useKeyLayers(props.keys, [
    layer(() => trace.formOpen, trace.key),
    dialogLayer(dialog, props.height),
  ]);
  const tracePort = {
    'ports.trace': () => {
      const r = detail !== null ? all.find((x) => x.name === detail) : rows[list.selected];
      if (!r) return props.notify(listView.goneNote ?? 'no port selected');
      setDetail(null);
      trace.open({ in_port: String(r.no) });
    },
  };
  const edit = {
    'ports.edit': () =>
      listView.goneNote && detail === null
        ? props.notify(listView.goneNote)
        : editPort(detail ?? rows[list.selected]?.name),
  };
  const closeDetail = () => setDetail(null);
  // the detail's transceiver table is wider than 80 columns: ←/→ scroll it
  const sfp = useConsoleState((s) => s.resources.sfp.data);
  const sfpView = useHScroll(detail ?? '', detail ? sfpLines(sfp, detail) : [], props.width - 2);
  useCommands(
    props.commands,
    detail !== null
      ? { ...edit, ...tracePort, ...sfpView.commands, 'app.cancel': closeDetail }
      : {
          ...edit,
          ...tracePort,
          ...(trace.result ? { 'app.cancel': trace.close } : {}),
          ...navCommands(listView.go),
          // the port column sorts ascending, the numbers largest first
          'ports.sort': () => setSort((s) => nextSort(s, columns)),
          'ports.sortLeft': () => setSort((s) => moveSort(s, -1, shownKeys, columns)),
          'ports.sortRight': () => setSort((s) => moveSort(s, 1, shownKeys, columns)),
          'ports.reverse': () => setSort((s) => ({ ...s, desc: !s.desc })),
          'ports.detail': () => {
            const r = rows[list.selected];
            if (r) setDetail(r.name);
            else if (listView.goneNote) props.notify(listView.goneNote);
          },
        },
  );

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;
  if (trace.formOpen) return trace.formView(props.width, props.height);
  if (detail !== null) {
    const row = all.find((r) => r.name === detail);
    return (
      <PortDetail
        row={row}
        name={detail}
        width={props.width}
        height={props.height}
        load={row ? loads.get(Number(row.no)) : undefined}
        rulesKnown={rulesKnown}
        sfp={sfpView.view}
      />
    );
  }
  if (!loaded) return <PortsLoading error={statsError} height={props.height} />;
  const top = topLine({
    all,
    rows,
    columns,
    sort,
    filter: props.filter,
    goneNote: listView.goneNote,
  });
  return (
    <PortListView
      {...{ top, columns, rows, list, sort, panel }}
      filter={props.filter}
      trace={trace.resultView(props.width, panel)}
      width={props.width}
      height={props.height}
    />
  );
}
