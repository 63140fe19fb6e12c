/**
 * The Tools screen (`T`, palette: docs/tools.md): a file's tool intents against the rules the
 * console holds — each tool port with its intent, ✓ / starved / extra (the delivery check of
 * `pbc tools check`), its tx against line rate. `f` names the file (asked when none is
 * loaded), Enter lists the tool's starved and extra classes with the rule responsible, `t`
 * traces an example packet of the first of them (of its first want when it is ✓), `W` applies
 * the file's intents as `pbc tools apply` does, after the one confirmation (use-apply.ts).
 */
import { Box } from 'ink';
import { useState } from 'react';
import { readDesiredFile } from '../../ops/desired/read.js';
import type { DesiredConfig } from '../../ops/desired/types.js';
import { wantCube } from '../../traffic/intents/index.js';
import { createForm, type FormState, formKey } from '../../widgets/forms/form-state.js';
import { FormView } from '../../widgets/forms/form-view.js';
import { type Column, Table, Text } from '../../widgets/index.js';
import { useLive } from '../../widgets/use-live.js';
import { navCommands, useCommands } from '../commands.js';
import { useList } from '../dialogs/use-list.js';
import { changeLayer, layer, useKeyLayers } from '../key-layers.js';
import { traceHeight, useTrace } from '../trace/use-trace.js';
import type { ScreenProps } from '../types.js';
import { ClassesPanel } from './classes-panel.js';
import { classLines, type ToolRow, traceValues } from './rows.js';
import { useToolsApply } from './use-apply.js';
import { useToolRows } from './use-tool-rows.js';

const STATE_COLOR = { '✓': 'green', starved: 'red', extra: 'yellow', 'starved+extra': 'red' };

const COLUMNS: Column<ToolRow>[] = [
  { key: 'name', title: 'TOOL', width: 10, min: 6, priority: 100, render: (r) => r.name },
  { key: 'port', title: 'PORT', width: 9, priority: 90, render: (r) => r.portName },
  {
    key: 'state',
    title: 'STATE',
    width: 13,
    priority: 100,
    render: (r) => r.state,
    color: (r) => STATE_COLOR[r.state],
  },
  { key: 'tx', title: 'TX b/s', width: 8, align: 'right', priority: 70, render: (r) => r.tx },
  { key: 'line', title: 'LINE%', width: 6, align: 'right', priority: 60, render: (r) => r.line },
  {
    key: 'intent',
    title: 'WANTS',
    width: 20,
    min: 8,
    flex: true,
    priority: 50,
    render: (r) => r.intent,
  },
];

const fileForm = (path: string): FormState =>
  createForm([
    {
      id: 'file',
      label: 'Intents file',
      kind: 'text',
      value: path,
      help: 'a config file with a tools: section (docs/tools.md); Enter reads it',
    },
  ]);

function useToolsFile(notify: (m: string) => void) {
  const [loaded, setLoaded] = useState<{ path: string; config: DesiredConfig } | null>(null);
  const [error, setError] = useState('');
  const load = (path: string) => {
    readDesiredFile(path.trim()).then(
      ({ config }) => {
        setLoaded({ path: path.trim(), config });
        setError('');
        notify(`read ${path.trim()}`);
      },
      (e: unknown) => {
        const lines = (e as { lines?: string[] }).lines;
        setError(lines?.[0] ?? (e instanceof Error ? e.message : String(e)));
      },
    );
  };
  return { loaded, error, load, setLoaded };
}

export function ToolsScreen(props: ScreenProps) {
  const file = useToolsFile(props.notify);
  const [form, setForm, formRef] = useLive<FormState | null>(() => fileForm(''));
  const [detail, setDetail] = useState(false);
  const trace = useTrace({ notify: props.notify });
  const { change, apply } = useToolsApply(props.notify);
  const { rows, problem, ports } = useToolRows(file.loaded?.config, file.error);
  const list = useList(rows.length, props.height - 3);
  const selected = rows[list.state.selected];
  const classes = selected ? classLines(selected.check) : [];

  const fileFormKey = (key: string) => {
    const f = formRef.current;
    if (!f) return false;
    const { state, outcome } = formKey(f, key);
    if (outcome === 'cancel') setForm(null);
    else if (outcome === 'submit') {
      setForm(null);
      file.load(state.values.file ?? '');
    } else setForm(state);
    return true;
  };
  useKeyLayers(props.keys, [
    changeLayer(change),
    layer(() => trace.formOpen, trace.key),
    layer(() => formRef.current !== null, fileFormKey),
  ]);
  useCommands(props.commands, {
    ...navCommands(list.go),
    'tools.detail': () => setDetail((d) => !d),
    'tools.file': () => setForm(fileForm(file.loaded?.path ?? '')),
    'tools.apply': () => {
      const path = file.loaded?.path;
      apply(path, (config) => path && file.setLoaded({ path, config }));
    },
    'tools.trace': () => {
      if (!selected) return;
      const first = classes[0]?.cube;
      const want = file.loaded?.config.tools?.[list.state.selected]?.wants[0];
      const cube = first ?? (want ? wantCube(want).cube : undefined);
      if (cube) trace.open(traceValues(cube));
    },
    ...(trace.result ? { 'app.cancel': trace.close } : {}),
  });

  if (change.isOpen) return change.view(props.width, props.height);
  if (trace.formOpen) return trace.formView(props.width, props.height);
  if (form)
    return (
      <Box flexDirection="column" width={props.width} height={props.height}>
        <Text bold wrap="truncate-end">
          Tools — which file holds the tool intents?
        </Text>
        <FormView form={form} width={props.width} height={props.height - 1} />
      </Box>
    );
  const panel = traceHeight(trace.result, ports, Math.floor(props.height / 2));
  const shown = detail ? Math.min(classes.length + 1, Math.floor((props.height - panel) / 2)) : 0;
  const bad = rows.filter((r) => r.state !== '✓').length;
  const head = file.loaded
    ? `Tools · ${file.loaded.path} · ${rows.length} tools${bad ? ` · ${bad} not ok` : rows.length ? ' · all ✓' : ''} · Enter classes · t trace · W apply · f file`
    : 'Tools · no intents file read · f names one';
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate-end">{head}</Text>
      {problem ? (
        <Text color="red" wrap="truncate-end">
          {problem}
        </Text>
      ) : null}
      <Table
        columns={COLUMNS}
        rows={rows}
        width={props.width}
        height={props.height - 1 - (problem ? 1 : 0) - shown - panel}
        selected={list.state.selected}
        offset={list.state.offset}
        emptyText={file.loaded ? 'reading the rules and ports…' : 'no intents file: f names one'}
        rowKey={(r) => r.name}
      />
      {shown > 0 ? <ClassesPanel name={selected?.name} classes={classes} height={shown} /> : null}
      {trace.resultView(props.width, panel)}
    </Box>
  );
}
