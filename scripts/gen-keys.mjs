// Writes docs/keys.md from the keymap table (src/tui/keymap.ts), the same table that
// drives dispatch and the `?` help, so the document cannot drift from the binary.
// A test (test/docs/keys.test.ts) fails when the document is out of date.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function keysMarkdown() {
  const dir = await mkdtemp(join(tmpdir(), 'pbc-keys-'));
  const out = join(dir, 'keymap.mjs');
  await build({
    entryPoints: [join(root, 'src/tui/keymap.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'error',
  });
  const { BINDINGS, MEANINGS, SCREENS, keyLabel } = await import(pathToFileURL(out).href);
  await rm(dir, { recursive: true, force: true });
  const esc = (s) => s.replaceAll('|', '\\|');
  const keys = (b) =>
    b.keys.map((k) => `\`${k === ' ' ? 'Space' : esc(keyLabel(k))}\``).join(' / ');
  const table = (rows) =>
    [
      '| key | does | changes the device |',
      '|---|---|---|',
      ...rows.map(
        (b) =>
          `| ${keys(b)} | ${esc(b.label)} | ${b.write ? 'yes (disabled in --readonly)' : ''} |`,
      ),
    ].join('\n');
  // screens without a number key, reached by their global key (or the palette)
  const OTHER = [
    {
      id: 'journal',
      title: 'Journal',
      heading: '## J Journal (`:journal`; see [safety.md](safety.md))',
    },
    {
      id: 'fleet',
      title: 'Fleet',
      heading: '## 0 Fleet (`--fleet` consoles; see [fleet.md](fleet.md))',
    },
    {
      id: 'tools',
      title: 'Tools',
      heading: '## T Tools (`:tools`; see [tools.md](tools.md))',
    },
  ];
  const titleOf = (scope) =>
    SCREENS.find((s) => s.id === scope)?.title ?? OTHER.find((s) => s.id === scope)?.title;
  const global = BINDINGS.filter((b) => b.scope === 'global');
  // each key that writes somewhere, with its one meaning and the screens that bind it
  const writeKeys = [...new Set(BINDINGS.filter((b) => b.write).flatMap((b) => b.keys))];
  const meanings = [
    '| key | means, on every screen | on |',
    '|---|---|---|',
    ...writeKeys.map((k) => {
      const on = BINDINGS.filter((b) => b.keys.includes(k));
      const titles = on.map((b) => {
        const title = b.scope === 'global' ? 'everywhere' : titleOf(b.scope);
        if (!title) throw new Error(`gen-keys: no title for the screen '${b.scope}'`);
        return title;
      });
      const key = `\`${k === ' ' ? 'Space' : esc(keyLabel(k))}\``;
      return `| ${key} | ${esc(MEANINGS[on.find((b) => b.meaning)?.meaning] ?? '')} | ${titles.join(', ')} |`;
    }),
  ].join('\n');
  const parts = [
    '# Keys',
    '',
    'Generated from `src/tui/keymap.ts` by `node scripts/gen-keys.mjs` — the table that also drives',
    'the console and its `?` help. No key uses Ctrl-D or Ctrl-h/j/k/l (terminals and tmux take them).',
    'Keys are routed to an open overlay first (help, palette, filter line, a form or confirmation),',
    'then to the screen, then to the global keys: while a form is open, typed letters go into it',
    "(the status bar then shows only `Esc back`: the screen's keys, `1-9` and `q` do not work there).",
    'The `?` help shows two columns when every line fits whole in half the width; otherwise one',
    'column that ↑/↓ (`j`/`k`), PgUp/PgDn and `g`/`G` scroll (at 80×24 the longer lists do).',
    'No key uses Alt: Esc and a character, Enter, an arrow, Tab or Backspace that arrive together',
    '(typed fast over a slow link, which a terminal cannot tell from Alt+key) count as the two keys,',
    'Esc first: Esc then Enter on a confirmation cancels it, then Enter acts on the screen.',
    '',
    '**Typing ahead.** Keys typed faster than the console reads them (a slow SSH link, a busy',
    'moment) arrive together; each is handled in turn after the screen has shown the result of',
    'the one before, as if they had come one by one: `j` `j` `e` on Rules edits the third rule,',
    '`/tap` Enter filters. A confirmation is the exception: only a `y` (or Enter) read after',
    'it is on screen sends anything; one that came with the key that opened it is ignored (the',
    'status line says so) — press it again. A paste is handled the same way.',
    '',
    '## Everywhere',
    '',
    table(global),
    '',
    '## One meaning per key',
    '',
    'A key that changes the device means the same thing on every screen that binds it, and no',
    'screen takes a key that works everywhere (`q` always quits); `src/tui/key-meanings.test.ts`',
    'walks the table and fails otherwise. Rare or dangerous actions of one screen have a key of',
    'their own (Shift or a symbol: `N` quicksave, `U` UAC, `E` RADIUS, `B` reboot, `!` app',
    'actions) rather than a letter that means something else elsewhere. In `--readonly` these keys',
    'are shown `(off)` in the status bar and "(off: read-only)" in the `?` help.',
    '',
    meanings,
    '',
  ];
  for (const s of SCREENS) {
    const own = BINDINGS.filter((b) => b.scope === s.id);
    if (own.length === 0) continue;
    parts.push(`## ${s.key} ${s.title}`, '', table(own), '');
  }
  for (const s of OTHER) {
    const own = BINDINGS.filter((b) => b.scope === s.id);
    if (own.length > 0) parts.push(s.heading, '', table(own), '');
  }
  // every screen's keys are written: a new screen without a section fails here, not silently
  const written = new Set(['global', ...SCREENS.map((s) => s.id), ...OTHER.map((s) => s.id)]);
  const missing = [...new Set(BINDINGS.map((b) => b.scope))].filter((x) => !written.has(x));
  if (missing.length > 0) throw new Error(`gen-keys: no section for ${missing.join(', ')}`);
  return parts.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(join(root, 'docs', 'keys.md'), await keysMarkdown());
  console.log('docs/keys.md written');
}
