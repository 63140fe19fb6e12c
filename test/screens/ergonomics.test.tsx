/**
 * Operator ergonomics (issue 20). Ports for triage: what is wrong now ranks first, the header names what the list
 * is sorted by, "erroring now" reads in words without colour and never on a rate of 0, traffic
 * is drawn against the port's line rate, and a filter says how many ports it shows. Device: `/`
 * filters the settings. The status bar follows the focused view and marks write keys in --readonly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { untilStore } from '../harness/console.js';
import { cleanup } from '../harness/render.js';
import { frameLines, type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

const header = (frame: string) => frameLines(frame).find((l) => /^ ?PORT/.test(l)) ?? '';
const rows = (frame: string) => frameLines(frame).filter((l) => /^[›\s]eth-/.test(l));

/** The text of a right-aligned column's cell in `row` (the header says where it ends). */
function cell(frame: string, row: string, title: string, width: number): string {
  const h = header(frame);
  const at = h.indexOf(title);
  if (at < 0) throw new Error(`no column ${title} in: ${h}`);
  const end = at + title.length + (/[▲▼]/.test(h[at + title.length] ?? '') ? 1 : 0);
  return row.slice(end - width, end).trim();
}

const nowCell = (frame: string, row: string) => {
  const at = header(frame).indexOf('NOW');
  return row.slice(at, at + 6).trim();
};

describe('ports: what is wrong now', () => {
  it('s ranks by errors per second now, the header and the line above it say so', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 24 });
    await m.ui.waitFor((x) => x.includes('ERR/s') && rows(x).length > 5, 5000);
    await m.ui.press('s');
    const f = await m.ui.waitFor(
      (x) => /ERR\/s▼/.test(header(x)) && nowCell(x, rows(x)[0] ?? '') === '! err',
      5000,
    );
    expect(f).toContain('sorted by errors/s now ▼');
    const rates = rows(f).map((r) => Number(cell(f, r, 'ERR/s', 6)));
    // largest first
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(rates[0]).toBeGreaterThan(0);
  });

  it('the sort stays when another screen is shown and Ports again', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 24 });
    await m.ui.waitFor((x) => x.includes('ERR/s') && rows(x).length > 5, 5000);
    await m.ui.press('s');
    await m.ui.waitFor((x) => /ERR\/s▼/.test(header(x)), 5000);
    await m.ui.press('1');
    await m.ui.waitFor((x) => x.includes('[1 Overview]'), 5000);
    await m.ui.press('2');
    const f = await m.ui.waitFor((x) => x.includes('[2 Ports]') && rows(x).length > 5, 5000);
    expect(header(f)).toMatch(/ERR\/s▼/);
    expect(f).toContain('sorted by errors/s now ▼');
  });

  it('"erroring now" is a mark and a word, exactly on the rows whose rate is not 0', async () => {
    m = await mountConsole({ screen: 'ports', columns: 100, rows: 34, session: { demo: true } });
    const f = await m.ui.waitFor(
      (x) => rows(x).some((r) => nowCell(x, r) === '! err') && rows(x).length >= 28,
      5000,
    );
    for (const r of rows(f)) {
      const errs = cell(f, r, 'ERR/s', 6);
      const drops = cell(f, r, 'DROP/s', 7);
      const now = nowCell(f, r);
      if (errs !== '0' && errs !== '–') expect(now, r).toBe('! err');
      else if (drops !== '0' && drops !== '–') expect(now, r).toBe('! drop');
      else expect(now, r).toBe('');
    }
    // a port with errors counted long ago but none now is not flagged
    const quiet = rows(f).find(
      (r) => cell(f, r, 'ERR/s', 6) === '0' && cell(f, r, 'ERRS', 6) !== '0',
    );
    expect(quiet, 'a port with old errors only').toBeDefined();
  });

  it('< and > move the sort to the next column on screen; every column sorts', async () => {
    m = await mountConsole({ screen: 'ports', columns: 160, rows: 40 });
    await m.ui.waitFor((x) => x.includes('PORT▲'), 5000);
    const titles = header(m.ui.lastFrame())
      .trim()
      .split(/\s+/)
      .map((t) => t.replace(/[▲▼]$/, ''));
    // RX b/s and the like are two words in the header
    const columns = titles.reduce<string[]>((out, t) => {
      if (t === 'b/s' || t === 'p/s') out[out.length - 1] += ` ${t}`;
      else out.push(t);
      return out;
    }, []);
    expect(columns.length).toBeGreaterThan(10);
    for (const title of columns.slice(1)) {
      await m.ui.press('>');
      await m.ui.waitFor((x) => header(x).includes(`${title}▼`) || header(x).includes(`${title}▲`));
    }
    await m.ui.press('<');
    await m.ui.waitFor((x) => /[▲▼]/.test(header(x)) && !header(x).includes(`${columns.at(-1)}▼`));
  });
});

describe('ports: traffic against the line rate', () => {
  it('shows % of line rate, and the sparkline of a lightly loaded port stays low', async () => {
    m = await mountConsole({ screen: 'ports', columns: 160, rows: 40 });
    const f = await m.ui.waitFor((x) => x.includes('LINE%') && /\d+%/.test(x), 5000);
    // a few samples of history: three more polls of the counters committed and drawn
    const { store, current } = m;
    const polls = () => current().poller.started.get('stats') ?? 0;
    const from = polls();
    await untilStore(store, (st) => polls() >= from + 3 && !st.resources.stats.inFlight, 15_000);
    const g = await m.ui.settle();
    const h = header(g);
    const light = rows(g).filter((r) => {
      const pct = Number(cell(g, r, 'LINE%', 6).replace('%', ''));
      return Number.isFinite(pct) && pct > 0 && pct < 30;
    });
    expect(light.length, f).toBeGreaterThan(0);
    for (const r of light) expect(r.slice(h.indexOf('TRAFFIC')), r).not.toMatch(/[▇█]/);
  });
});

describe('ports: the filter says how many it shows', () => {
  it("shows 'N of M ports match' while filtered", async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 24 });
    await m.ui.waitFor((x) => rows(x).length > 5, 5000);
    await m.ui.press('/');
    for (const ch of 'eth-0-21') await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes("4 of 28 ports match 'eth-0-21'"), 5000);
    // / again opens with the filter; typing it again replaces it (not 'eth-0-21eth-0-21')
    await m.ui.press('/');
    for (const ch of 'eth-0-21') await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes("4 of 28 ports match 'eth-0-21'"), 5000);
    // Backspace edits the text the line opened with
    await m.ui.press('/');
    await m.ui.press('backspace');
    await m.ui.press('enter');
    await m.ui.waitFor((x) => /\d+ of 28 ports match 'eth-0-2'/.test(x), 5000);
  });
});

describe('device: / filters the settings', () => {
  it("keeps the matching settings and says 'N of M settings match'", async () => {
    m = await mountConsole({ screen: 'device', columns: 100, rows: 30 });
    await m.ui.waitFor((x) => x.includes('Rule storage mode') && x.includes('ID LED'), 5000);
    await m.ui.press('/');
    for (const ch of 'dns') await m.ui.press(ch);
    await m.ui.press('enter');
    const f = await m.ui.waitFor((x) => /\d+ of \d+ settings match 'dns'/.test(x), 5000);
    expect(f).toContain('DNS servers');
    expect(f).not.toContain('ID LED');
  });
});

describe('status bar', () => {
  it("follows the focused view: inside a port's detail it shows that view's keys", async () => {
    m = await mountConsole({ screen: 'ports', columns: 100, rows: 30 });
    const list = await m.ui.waitFor((x) => rows(x).length > 5, 5000);
    const bar = (x: string) => frameLines(x).find((l) => l.startsWith('1-9 screens')) ?? '';
    expect(bar(list)).toContain('s sort');
    await m.ui.press('enter');
    const detail = await m.ui.waitFor((x) => x.includes('Esc returns') && x.includes('rxbytes'));
    expect(bar(detail)).toContain('e edit');
    expect(bar(detail)).toContain('Esc back');
    expect(bar(detail)).not.toContain('s sort');
    // another screen shows its own keys only, never the last view's
    await m.ui.press('1');
    const overview = await m.ui.waitFor((x) => x.includes('[1 Overview]'));
    expect(bar(overview)).not.toContain('Esc back');
    expect(bar(overview)).not.toContain('e edit');
  });

  it('on Ports at 80 columns it shows t trace', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 24 });
    // once the list's keys are in the bar
    const list = await m.ui.waitFor((x) => rows(x).length > 5 && x.includes('s sort'), 5000);
    const bar = frameLines(list).find((l) => l.startsWith('1-9 screens')) ?? '';
    expect(bar).toContain('t trace');
  });

  it("while a form or question reads the keys, shows Esc back, not the list's keys", async () => {
    m = await mountConsole({ screen: 'ports', columns: 100, rows: 30 });
    await m.ui.waitFor((x) => rows(x).length > 5, 5000);
    const last = (x: string) => frameLines(x).at(-1) ?? '';
    const statusBar = (x: string) =>
      frameLines(x).find((l) => l.startsWith('1-9 screens') || l.startsWith('Esc back')) ?? '';
    // the port's form (e): typed letters go into it, so s, e, 1-9 and q do nothing there
    await m.ui.press('e');
    let f = await m.ui.waitFor((x) => /Esc back · keys go to the open form/.test(x), 5000);
    expect(statusBar(f)).not.toMatch(/s sort|e edit|1-9 screens|q quit/);
    await m.ui.press('escape');
    f = await m.ui.waitFor((x) => statusBar(x).startsWith('1-9 screens'), 5000);
    expect(statusBar(f)).toContain('s sort');
    // the same on a screen whose editor is its own (Rules)
    await m.ui.press('3');
    await m.ui.waitFor((x) => x.includes('[3 Rules]') && statusBar(x).includes('a add'), 5000);
    await m.ui.press('a');
    f = await m.ui.waitFor((x) => x.includes('Add rule') && statusBar(x).startsWith('Esc back'));
    expect(statusBar(f)).not.toContain('d delete');
    await m.ui.press('escape');
    f = await m.ui.waitFor((x) => !x.includes('Add rule') && statusBar(x).includes('a add'), 5000);
    expect(last(f)).not.toContain('Esc back · keys go');
  });

  it('in --readonly, write keys are shown off in the status bar', async () => {
    m = await mountConsole({
      screen: 'ports',
      columns: 100,
      rows: 30,
      session: { readonly: true },
    });
    const f = await m.ui.waitFor((x) => rows(x).length > 5, 5000);
    expect(frameLines(f).find((l) => l.startsWith('1-9 screens'))).toContain('e edit (off)');
  });
});
