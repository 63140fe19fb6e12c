/**
 * docs/cli.md stays true: it names every operation of the REST service, and each example
 * is a real command of the commander tree with options that exist.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../src/commands/get.js';
import { buildProgram } from '../../src/commands/program.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const OPERATIONS =
  `GET /apps; POST /apps; PUT /apps; DELETE /apps; POST /apps/action; GET /apps/running;
GET /device/customident; POST /device/customident; GET /device/environment; GET /device/generation;
GET /device/grouphash; POST /device/grouphash; POST /device/https; GET /device/idled; POST /device/idled;
GET /device/imageversion; GET /device/ipconfig; POST /device/ipconfig; GET /device/loadaverage;
GET /device/memoryusage; GET /device/model; GET /device/name; POST /device/name; GET /device/nameresolution;
POST /device/nameresolution; GET /device/permanentrulesmode; POST /device/permanentrulesmode;
POST /device/reboot; GET /device/rulestoragemode; POST /device/rulestoragemode; GET /device/serialno;
GET /device/serverrevision; GET /device/telnet; POST /device/telnet; GET /device/controller;
POST /device/controller; DELETE /device/controller; GET /device/dpid; GET /flownumbers; POST /groups;
PUT /groups; DELETE /groups; DELETE /groups/all; GET /groups/all; GET /ports/config; POST /ports/config;
GET /ports/info; GET /ports/sfpstatus; GET /ports/stats; POST /rules; PUT /rules; DELETE /rules;
DELETE /rules/all; GET /rules/all; DELETE /rules/counters; GET /savepoints; GET /savepoints/export;
PUT /savepoints/activeportsavepoint; PUT /savepoints/activerulesavepoint; PUT /savepoints/defaultrulesavepoint;
POST /savepoints/modportsavepoint; POST /savepoints/modrulesavepoint; DELETE /savepoints/portsavepoint;
POST /savepoints/portsavepoint; PUT /savepoints/quicksaverules; DELETE /savepoints/rulesavepoint;
POST /savepoints/rulesavepoint; GET /users; POST /users; PUT /users; DELETE /users; GET /users/radius;
POST /users/radius; GET /users/uac; POST /users/uac; GET /weblog; DELETE /weblog`
    .split(';')
    .map((s) => s.trim());

const doc = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
const rows = doc.split('\n').filter((l) => /^\| `(GET|POST|PUT|DELETE) \//.test(l));

/** Splits an example like a shell would (quotes; stops at a redirection). */
function words(example: string): string[] {
  const out: string[] = [];
  for (const m of example.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const w = m[1] ?? m[2] ?? m[3]!;
    if (m[3] && /^[<>|]/.test(w)) break;
    out.push(w);
  }
  return out;
}

function hasOption(cmd: Command, flag: string): boolean {
  for (let c: Command | null = cmd; c; c = c.parent) {
    if ((c.options as readonly Option[]).some((o) => o.long === flag || o.short === flag))
      return true;
  }
  return false;
}

describe('docs/cli.md', () => {
  it('lists all 77 operations of the spec, each once', () => {
    expect(OPERATIONS).toHaveLength(77);
    const documented = rows.map((l) => /^\| `([A-Z]+ \/[^`]+)`/.exec(l)![1]);
    expect(documented.sort()).toEqual([...OPERATIONS].sort());
  });

  it('gives examples that are real commands with real options', () => {
    const program = buildProgram();
    for (const row of rows) {
      const example = /\| `(pbc [^`]+)` \|$/.exec(row)?.[1];
      expect(example, row).toBeDefined();
      const argv = words(example!).slice(1);
      let cmd: Command = program;
      let i = 0;
      for (; i < argv.length; i++) {
        const sub = cmd.commands.find(
          (c) => c.name() === argv[i] || c.aliases().includes(argv[i]!),
        );
        if (!sub) break;
        cmd = sub;
      }
      expect(cmd, example).not.toBe(program);
      expect(cmd.commands.length, `${example}: needs a subcommand`).toBe(0);
      for (const w of argv.slice(i)) {
        if (w.startsWith('-'))
          expect(hasOption(cmd, w.split('=')[0]!), `${example}: ${w}`).toBe(true);
      }
      if (cmd.name() === 'get') {
        const target = argv[i]!;
        expect(
          TARGETS.some((t) => t.name === target),
          example,
        ).toBe(true);
      }
    }
  });

  it('documents every command and subcommand of the tree (what pbc --help lists)', () => {
    // test/cli/help.test.ts checks that --help lists exactly the tree's commands
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const visit = (cmd: Command, path: string[]) => {
      for (const c of cmd.commands) {
        const p = [...path, c.name()];
        const name = p.join(' ');
        expect(doc, `docs/cli.md: ${name}`).toMatch(
          new RegExp(`(\`|\\bpbc )${esc(name)}(?![\\w-])`),
        );
        visit(c, p);
      }
    };
    visit(buildProgram(), []);
  });

  it('documents every get target', () => {
    for (const t of TARGETS)
      expect(doc, t.name).toMatch(new RegExp(`\`pbc get ${t.name}\\b|get ${t.name}\``));
  });
});
