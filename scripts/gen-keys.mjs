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
  const { BINDINGS, SCREENS, keyLabel } = await import(pathToFileURL(out).href);
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
  const global = BINDINGS.filter((b) => b.scope === 'global');
  const parts = [
    '# Keys',
    '',
    'Generated from `src/tui/keymap.ts` by `node scripts/gen-keys.mjs` — the table that also drives',
    'the console and its `?` help. No key uses Ctrl-D or Ctrl-h/j/k/l (terminals and tmux take them).',
    'Keys are routed to an open overlay first (help, palette, filter line, a form or confirmation),',
    'then to the screen, then to the global keys: while a form is open, typed letters go into it.',
    'The `?` help shows two columns when every line fits whole in half the width; otherwise one',
    'column that ↑/↓ (`j`/`k`), PgUp/PgDn and `g`/`G` scroll (at 80×24 the longer lists do).',
    'No key uses Alt: Esc and a character that arrive together (typed fast over a slow link, which',
    'a terminal cannot tell from Alt+character) count as the two keys, Esc first.',
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
  ];
  for (const s of SCREENS) {
    const own = BINDINGS.filter((b) => b.scope === s.id);
    if (own.length === 0) continue;
    parts.push(`## ${s.key} ${s.title}`, '', table(own), '');
  }
  // screens without a number key (reached by their global key or the palette)
  const journal = BINDINGS.filter((b) => b.scope === 'journal');
  if (journal.length > 0)
    parts.push('## J Journal (`:journal`; see [safety.md](safety.md))', '', table(journal), '');
  return parts.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(join(root, 'docs', 'keys.md'), await keysMarkdown());
  console.log('docs/keys.md written');
}
