import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { type Column, headerLine, layoutColumns, Table } from './table.js';

interface Port {
  id: number;
  name: string;
  state: string;
  speed: string;
  rx: number;
  tx: number;
  errors: number;
  description: string;
}

function portColumns(onRender?: () => void): Column<Port>[] {
  const r = (f: (p: Port) => string) => (p: Port) => {
    onRender?.();
    return f(p);
  };
  return [
    { key: 'port', title: 'Port', width: 6, priority: 10, render: r((p) => String(p.id)) },
    {
      key: 'name',
      title: 'Name',
      width: 20,
      min: 12,
      flex: true,
      priority: 5,
      render: r((p) => p.name),
    },
    { key: 'state', title: 'State', width: 6, priority: 9, render: r((p) => p.state) },
    {
      key: 'speed',
      title: 'Speed',
      width: 7,
      align: 'right',
      priority: 3,
      render: r((p) => p.speed),
    },
    {
      key: 'rx',
      title: 'Rx pps',
      width: 10,
      align: 'right',
      priority: 4,
      render: r((p) => String(p.rx)),
    },
    {
      key: 'tx',
      title: 'Tx pps',
      width: 10,
      align: 'right',
      priority: 4,
      render: r((p) => String(p.tx)),
    },
    {
      key: 'errors',
      title: 'Errors',
      width: 8,
      align: 'right',
      priority: 1,
      render: r((p) => String(p.errors)),
    },
    {
      key: 'description',
      title: 'Description',
      width: 30,
      min: 20,
      flex: true,
      render: r((p) => p.description),
    },
  ];
}

function port(id: number, name = `eth${id}`): Port {
  return {
    id,
    name,
    state: id % 3 ? 'UP' : 'DOWN',
    speed: '100G',
    rx: id * 1000,
    tx: id * 7,
    errors: 0,
    description: `uplink ${id}`,
  };
}

const keys = (layout: Array<{ key: string }>) => layout.map((c) => c.key);
const total = (layout: Array<{ shown: number }>) =>
  layout.reduce((s, c) => s + c.shown, 0) + Math.max(0, layout.length - 1);

afterEach(() => cleanup());

describe('layoutColumns', () => {
  it('keeps every column at 120 columns and shares the spare width among flex columns', () => {
    const layout = layoutColumns(portColumns(), 119);
    expect(keys(layout)).toEqual([
      'port',
      'name',
      'state',
      'speed',
      'rx',
      'tx',
      'errors',
      'description',
    ]);
    expect(total(layout)).toBe(119);
    expect(layout.find((c) => c.key === 'name')!.shown).toBeGreaterThan(20);
    expect(layout.find((c) => c.key === 'description')!.shown).toBeGreaterThan(30);
    expect(layout.find((c) => c.key === 'rx')!.shown).toBe(10);
  });

  it('drops the lowest-priority column at 80 columns', () => {
    const layout = layoutColumns(portColumns(), 79);
    expect(keys(layout)).toEqual(['port', 'name', 'state', 'speed', 'rx', 'tx', 'errors']);
    expect(total(layout)).toBe(79);
  });

  it('drops more columns as the terminal narrows, rightmost first among equals', () => {
    expect(keys(layoutColumns(portColumns(), 39))).toEqual(['port', 'name', 'state', 'rx']);
    expect(keys(layoutColumns(portColumns(), 10))).toEqual(['port']);
    expect(layoutColumns(portColumns(), 3)).toEqual([
      expect.objectContaining({ key: 'port', shown: 3 }),
    ]);
    expect(layoutColumns(portColumns(), 0)).toEqual([]);
  });

  it('never exceeds the width', () => {
    for (let w = 1; w <= 160; w++)
      expect(total(layoutColumns(portColumns(), w))).toBeLessThanOrEqual(w);
  });
});

describe('headerLine', () => {
  it('marks the sort column with ▲ or ▼ and keeps the width', () => {
    const layout = layoutColumns(portColumns(), 79);
    const up = headerLine(layout, 80, 'rx', false);
    const down = headerLine(layout, 80, 'rx', true);
    expect(up).toContain('Rx pps▲');
    expect(down).toContain('Rx pps▼');
    expect(stringWidth(down)).toBe(80);
    expect(headerLine(layout, 80)).not.toMatch(/[▲▼]/);
  });
});

describe('<Table>', () => {
  it('renders 65,536 rows by touching only the visible window', async () => {
    let renders = 0;
    const rows = Array.from({ length: 65_536 }, (_, i) => port(i));
    const columns = portColumns(() => renders++);
    const h = renderTui(
      <Table
        columns={columns}
        rows={rows}
        width={80}
        height={20}
        selected={40_000}
        offset={39_990}
        sortKey="port"
        sortDesc
        rowKey={(p) => String(p.id)}
      />,
      { columns: 80, rows: 24 },
    );
    const frame = await h.waitFor((f) => f.includes('eth40000'));
    expect(renders).toBeLessThanOrEqual(19 * columns.length);
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(20);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[0]).toContain('Port▼');
    expect(lines[1]).toContain('eth39990');
    expect(lines.find((l) => l.startsWith('›'))).toContain('eth40000');
    expect(lines.filter((l) => l.startsWith('›'))).toHaveLength(1);
  });

  it('keeps the selection visible even when the offset prop is stale', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => port(i));
    const h = renderTui(
      <Table
        columns={portColumns()}
        rows={rows}
        width={60}
        height={5}
        selected={50}
        offset={0}
        rowKey={(p) => String(p.id)}
      />,
    );
    const frame = await h.waitFor((f) => f.includes('›'));
    expect(frame.split('\n').find((l) => l.startsWith('›'))).toContain('eth50');
    expect(frame.split('\n').length).toBeLessThanOrEqual(5);
  });

  it('aligns columns after wide characters and sanitizes cells', async () => {
    const rows = [
      port(1, '日本語の名前'),
      port(2, 'plain'),
      port(3, '😀😀 emoji'),
      port(4, '\u001B[31mred\u001B[0m'),
    ];
    const h = renderTui(
      <Table
        columns={portColumns()}
        rows={rows}
        width={80}
        height={6}
        selected={0}
        offset={0}
        rowKey={(p) => String(p.id)}
      />,
    );
    const frame = await h.waitFor((f) => f.includes('plain'));
    const lines = frame.split('\n').slice(1, 5);
    const stateColumn = lines.map((l) => stringWidth(l.slice(0, l.search(/UP|DOWN/))));
    expect(new Set(stateColumn).size).toBe(1);
    expect(frame).not.toMatch(/\u001B/);
    expect(frame).toContain('red');
  });

  it('counts ® and © one column each, as Ink and the terminal do (one width for pbc and Ink)', async () => {
    // every character here is one UTF-16 unit and one terminal column: the columns line up
    // when the State column starts at the same index in every row
    const rows = [port(1, 'Intel® NIC'), port(2, 'plain'), port(4, '© vendor ©')];
    const h = renderTui(
      <Table
        columns={portColumns()}
        rows={rows}
        width={80}
        height={5}
        selected={0}
        offset={0}
        rowKey={(p) => String(p.id)}
      />,
    );
    const frame = await h.waitFor((f) => f.includes('plain') && f.includes('vendor'));
    const lines = frame.split('\n').slice(1, 4);
    const state = lines[1]!.search(/UP|DOWN/);
    expect(lines.map((l) => l.search(/UP|DOWN/))).toEqual([state, state, state]);
    expect(new Set(lines.map((l) => l.trimEnd().length)).size).toBe(1);
  });

  it('re-renders on new props, shows the empty text, and marks selection without colour', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => port(i));
    const props = {
      columns: portColumns(),
      width: 50,
      height: 6,
      offset: 0,
      rowKey: (p: Port) => String(p.id),
    };
    const h = renderTui(<Table {...props} rows={rows} selected={0} focused={false} />);
    await h.waitFor((f) => f.split('\n')[1]?.startsWith('›') ?? false);
    h.rerender(<Table {...props} rows={rows} selected={3} />);
    await h.waitFor((f) => f.split('\n')[4]?.startsWith('›3') ?? false);
    h.rerender(<Table {...props} rows={[]} selected={0} emptyText="No ports" />);
    const frame = await h.waitFor((f) => f.includes('No ports'));
    expect(frame.split('\n')[1]).toContain('No ports');
    expect(frame.split('\n').length).toBeLessThanOrEqual(6);
  });

  it('renders only the header when the height is 1', async () => {
    const rows = [port(1)];
    const h = renderTui(
      <Table
        columns={portColumns()}
        rows={rows}
        width={40}
        height={1}
        selected={0}
        offset={0}
        rowKey={(p) => String(p.id)}
      />,
    );
    const frame = await h.waitFor((f) => f.includes('Port'));
    expect(frame.split('\n')).toHaveLength(1);
  });
});
