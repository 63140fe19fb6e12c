/**
 * The trace form and its result, shared by the Rules screen (`t`: prefilled from the selected
 * rule's match) and the Ports screen (`t`: prefilled with the port as in_port). The form reads
 * every key while open; Enter traces the packet through the rules, groups, ports and group
 * hash the console holds (src/tcam `trace`, what `pbc trace` runs), reading the ones the
 * screen does not poll once first.
 */
import { Box } from 'ink';
import { type JSX, useState } from 'react';
import type { Rule } from '../../model/index.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import type { ResourceKey } from '../../store/resources.js';
import {
  describePacket,
  type Flow,
  portNumbers,
  type Trace,
  trace,
  tracePorts,
} from '../../traffic/index.js';
import { type FormState, type FormValues, formKey } from '../../widgets/forms/form-state.js';
import { FormView } from '../../widgets/forms/form-view.js';
import { Text } from '../../widgets/index.js';
import { useLive } from '../../widgets/use-live.js';
import { fieldOfIssue, parseForm, traceForm } from './form.js';

const NEEDS: readonly ResourceKey[] = ['rules', 'groups', 'info', 'config', 'deviceConfig'];

export interface TraceDone {
  trace: Trace<Rule>;
  packet: Flow;
}

export function useTrace(opts: { notify(message: string): void; onResult?(t: TraceDone): void }) {
  const { poller, store } = useConsole();
  const rules = useConsoleState((s) => s.resources.rules.data);
  const groups = useConsoleState((s) => s.resources.groups.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const hash = useConsoleState((s) => s.resources.deviceConfig.data?.hash);
  // the form lives in a ref as well: keys read together reach it before the next render
  const [form, setForm, formRef] = useLive<FormState | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [result, setResult] = useState<TraceDone | null>(null);
  const ports = tracePorts(info, config);
  const byName = portNumbers(ports);

  const run = (v: FormValues) => {
    const parsed = parseForm(v, byName);
    if (!parsed.flow) return;
    const t = trace(parsed.flow, {
      rules: rules?.rules ?? [],
      groups: groups ?? [],
      ports,
      hash: hash ?? null,
    });
    const done = { trace: t, packet: parsed.flow };
    setResult(done);
    opts.onResult?.(done);
  };

  const open = (prefill: FormValues) => {
    // what this screen does not poll is read once, now (the group hash, for a Ports trace the rules)
    const missing = NEEDS.filter((k) => store.getState().resources[k].data === undefined);
    if (missing.length > 0) void poller.refreshNow(missing);
    setForm(traceForm(prefill, byName));
  };

  return {
    /** Read when a key arrives (a getter: keys read together come before the next render). */
    get formOpen() {
      return formRef.current !== null;
    },
    result,
    /** Opens the form with these values. */
    open,
    /** Opens the form with the packet last traced. */
    reopen: () => open(values),
    close: () => setResult(null),
    /** A key for the open form; true when it took it (all keys while it is open). */
    key(key: string): boolean {
      const current = formRef.current;
      if (!current) return false;
      const { state, outcome } = formKey(current, key);
      if (outcome === 'cancel') {
        setForm(null);
        return true;
      }
      if (outcome === 'submit') {
        const missing = NEEDS.filter((k) => store.getState().resources[k].data === undefined);
        if (missing.length > 0) {
          opts.notify('reading the rules, groups and ports first — press Enter again in a moment');
          void poller.refreshNow(missing);
          return true;
        }
        setValues(state.values);
        setForm(null);
        run(state.values);
        return true;
      }
      setForm(state);
      return true;
    },
    formView: (width: number, height: number) =>
      form ? <TraceFormView form={form} byName={byName} width={width} height={height} /> : null,
    resultView: (width: number, height: number) =>
      result ? <TraceResultView done={result} ports={ports} width={width} height={height} /> : null,
  };
}

function TraceFormView(props: {
  form: FormState;
  byName: ReadonlyMap<string, number>;
  width: number;
  height: number;
}): JSX.Element {
  const parsed = parseForm(props.form.values, props.byName);
  const issue = parsed.issues[0];
  const label = (id: string) => props.form.fields.find((f) => f.id === id)?.label ?? id;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold wrap="truncate-end">
        Trace a packet — which rule meets it, where it goes
      </Text>
      <FormView form={props.form} width={props.width} height={props.height - 3} />
      {issue ? (
        <Text color="red" wrap="truncate-end">
          {`✖ ${label(fieldOfIssue(issue))}: ${issue.message}`}
        </Text>
      ) : (
        <Text color="green" wrap="truncate-end">
          {`✔ ${describePacket(parsed.flow!)} — Enter traces it`}
        </Text>
      )}
    </Box>
  );
}

const ruleText = (r: Rule) => `'${r.name || '(no name)'}' prio ${r.priority}`;

/** The result's lines, most important first (the panel shows what fits). */
export function resultLines(
  done: TraceDone,
  ports: ReturnType<typeof tracePorts>,
): Array<{ text: string; color?: string }> {
  const t = done.trace;
  const inPort = ports.find((p) => p.no === done.packet.in_port);
  const lines: Array<{ text: string; color?: string }> = [
    {
      text: `Trace: in_port ${done.packet.in_port}${inPort ? ` (${inPort.name}${inPort.up ? '' : ', down'})` : ' (not a port of this device)'} · ${describePacket(done.packet)}`,
    },
  ];
  const outs = t.outputs.map((o) => `${o.name} (up)`).join(', ');
  if (t.verdict === 'forwarded')
    lines.push({ text: `✔ forwarded by ${ruleText(t.rule!)} → ${outs}`, color: 'green' });
  else if (t.verdict === 'dropped')
    lines.push({ text: `✖ dropped by ${ruleText(t.rule!)}: ${t.reason}`, color: 'red' });
  else lines.push({ text: `✖ unmatched: ${t.reason}`, color: 'red' });
  if (t.rule) lines.push({ text: `  actions ${t.actions.join(',') || '(none)'}` });
  for (const g of t.groups) lines.push({ text: `  group ${g.id} ${g.type}: ${g.text}` });
  if (t.verdict === 'forwarded' && t.reason)
    lines.push({ text: `  ! ${t.reason}`, color: 'yellow' });
  lines.push({
    text:
      t.passedCount === 0
        ? '  passed over: none — no rule ranks ahead of it'
        : `  passed over ${t.passedCount} rule(s), each with the first field that does not match:`,
  });
  // a screen shows a few dozen at most (only those are explained); pbc trace -o json lists them all
  for (const p of t.passedFirst(60)) lines.push({ text: `    ${ruleText(p.rule)}: ${p.field}` });
  if (t.passedCount > 60) lines.push({ text: `    … ${t.passedCount - 60} more` });
  if (t.skipped > 0)
    lines.push({ text: `  ${t.skipped} malformed rule(s) left out`, color: 'yellow' });
  return lines;
}

export function traceHeight(
  done: TraceDone | null,
  ports: ReturnType<typeof tracePorts>,
  max: number,
): number {
  if (!done) return 0;
  return Math.min(max, resultLines(done, ports).length + 1);
}

function TraceResultView(props: {
  done: TraceDone;
  ports: ReturnType<typeof tracePorts>;
  width: number;
  height: number;
}): JSX.Element {
  const lines = resultLines(props.done, props.ports);
  const room = Math.max(1, props.height - 1);
  const shown =
    lines.length > room
      ? [
          ...lines.slice(0, room - 1),
          { text: `    … ${lines.length - room + 1} more line(s): pbc trace lists them all` },
        ]
      : lines;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      {shown.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
        <Text key={i} wrap="truncate-end" color={l.color} bold={i === 1}>
          {l.text}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        t trace again (edit the packet) · Esc close
      </Text>
    </Box>
  );
}
