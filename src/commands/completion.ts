/**
 * `pbc completion bash|zsh`: a shell completion script generated from the commander tree
 * (every command, alias, subcommand and option; nothing listed by hand). The script holds
 * the tree as shell `case` tables shared by both shells, plus a small driver per shell that
 * walks the words typed so far: a word naming a subcommand descends, an option taking a
 * value skips the next word, anything else is a positional argument.
 */
import type { Command, Option } from 'commander';

interface Node {
  /** Canonical command path, '' for the program itself. */
  path: string;
  /** Subcommands: name, aliases, one-line description. */
  children: { name: string; aliases: string[]; description: string; path: string }[];
  /** Options of this command and its ancestors (commander accepts those anywhere). */
  options: { flag: string; description: string; takesValue: boolean }[];
  /** Completion values of each positional argument, by position. */
  values: string[][];
}

/** Values for positional arguments that are not commander choices, by command path. */
export type ExtraValues = Record<string, string[][]>;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function optionsOf(cmd: Command): Node['options'] {
  const out: Node['options'] = [];
  const seen = new Set<string>();
  for (let c: Command | null = cmd; c; c = c.parent) {
    const help = c.createHelp();
    for (const o of help.visibleOptions(c) as Option[]) {
      const description = oneLine(help.optionDescription(o));
      for (const flag of [o.long, o.short]) {
        if (!flag || seen.has(flag)) continue;
        seen.add(flag);
        out.push({ flag, description, takesValue: o.required || o.optional });
      }
    }
  }
  return out;
}

/** Every command of the tree, depth first, with what completion needs to know. */
function completionTree(program: Command, extra: ExtraValues = {}): Node[] {
  const nodes: Node[] = [];
  const visit = (cmd: Command, path: string) => {
    const help = cmd.createHelp();
    const visible = help.visibleCommands(cmd);
    const children = visible.map((c) => ({
      name: c.name(),
      aliases: c.aliases(),
      description: oneLine(help.subcommandDescription(c)),
      path: path ? `${path} ${c.name()}` : c.name(),
    }));
    const values = cmd.registeredArguments.map((a) => [...(a.argChoices ?? [])]);
    (extra[path] ?? []).forEach((v, i) => {
      values[i] = [...(values[i] ?? []), ...v];
    });
    nodes.push({ path, children, options: optionsOf(cmd), values });
    for (const c of visible) {
      const childPath = path ? `${path} ${c.name()}` : c.name();
      if (cmd.commands.includes(c)) visit(c, childPath);
      else {
        // commander's implicit `help [command]` of a command group: completes the group's
        // subcommands
        const siblings = children.filter((s) => s.name !== c.name()).map((s) => s.name);
        nodes.push({ path: childPath, children: [], options: optionsOf(c), values: [siblings] });
      }
    }
  };
  visit(program, '');
  return nodes;
}

/** A single-quoted shell word. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function caseTable(name: string, args: string, rows: [string, string][]): string {
  const body = rows.map(([pattern, action]) => `    ${pattern}) ${action} ;;`).join('\n');
  return `${name}() {\n  case ${args} in\n${body}\n  esac\n  return 1\n}`;
}

/** The tree as functions both bash and zsh run (POSIX `case`, `printf`). */
function tables(prefix: string, nodes: Node[]): string {
  const print = (words: string[]) => `printf '%s\\n' ${words.map(q).join(' ')}; return 0`;
  const child: [string, string][] = [];
  for (const n of nodes)
    for (const c of n.children)
      child.push([
        [c.name, ...c.aliases].map((w) => q(`${n.path}|${w}`)).join('|'),
        `echo ${q(c.path)}; return 0`,
      ]);
  const withChildren = nodes.filter((n) => n.children.length > 0);
  const valueRows: [string, string][] = [];
  for (const n of nodes)
    n.values.forEach((v, i) => {
      if (v.length > 0) valueRows.push([q(`${n.path}|${i}`), print(v)]);
    });
  return [
    `# ${prefix}_child PATH WORD: the path of subcommand WORD of PATH`,
    caseTable(`${prefix}_child`, '"$1|$2"', child),
    `# ${prefix}_commands PATH: subcommand names (and aliases)`,
    caseTable(
      `${prefix}_commands`,
      '"$1"',
      withChildren.map((n) => [
        q(n.path),
        print(n.children.flatMap((c) => [c.name, ...c.aliases])),
      ]),
    ),
    `# ${prefix}_commands_described PATH: "name:description" lines`,
    caseTable(
      `${prefix}_commands_described`,
      '"$1"',
      withChildren.map((n) => [
        q(n.path),
        print(n.children.map((c) => `${c.name}:${c.description}`)),
      ]),
    ),
    `# ${prefix}_options PATH: "flag:description" lines (the command's and its parents')`,
    caseTable(
      `${prefix}_options`,
      '"$1"',
      nodes.map((n) => [q(n.path), print(n.options.map((o) => `${o.flag}:${o.description}`))]),
    ),
    `# ${prefix}_takes_value PATH FLAG: succeeds when FLAG expects a value`,
    caseTable(
      `${prefix}_takes_value`,
      '"$1|$2"',
      nodes.flatMap((n) => {
        const flags = n.options.filter((o) => o.takesValue).map((o) => q(`${n.path}|${o.flag}`));
        return flags.length > 0 ? [[flags.join('|'), 'return 0'] as [string, string]] : [];
      }),
    ),
    `# ${prefix}_values PATH N: values of positional argument N`,
    caseTable(`${prefix}_values`, '"$1|$2"', valueRows),
  ].join('\n');
}

/**
 * The word walk, shared in spirit by both drivers. Bash splits `--url=http://x` into
 * `--url`, `=`, `http`, `:`, `//x` (COMP_WORDBREAKS): the word after `=` or `:` continues
 * the one before, so it is skipped.
 */
function walk(prefix: string, first: string, last: string, array: string): string {
  return `  local cmdpath='' w child skip=0 nargs=0 i
  for ((i = ${first}; i < ${last}; i++)); do
    w=\${${array}[i]}
    case "$w" in '='|':') skip=1; continue ;; esac
    if ((skip)); then skip=0; continue; fi
    case "$w" in
      --) ;;
      --*=*) ;;
      -*) if ${prefix}_takes_value "$cmdpath" "$w"; then skip=1; fi ;;
      *)
        if child=$(${prefix}_child "$cmdpath" "$w"); then
          cmdpath=$child
          nargs=0
        else
          nargs=$((nargs + 1))
        fi
        ;;
    esac
  done`;
}

export function bashScript(program: Command, extra: ExtraValues = {}): string {
  const name = program.name();
  const p = `_${name}`;
  return `# bash completion for ${name}, generated by '${name} completion bash'.
# Load it now:   source <(${name} completion bash)
# or for good:   ${name} completion bash > ~/.local/share/bash-completion/completions/${name}
${tables(p, completionTree(program, extra))}
${p}_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
${walk(p, '1', 'COMP_CWORD', 'COMP_WORDS')}
  COMPREPLY=()
  # a value is expected: leave it to readline's default (file names)
  if ((skip)) || [[ $cur == --*=* ]]; then return 0; fi
  local words
  if [[ $cur == -* ]]; then
    words=$(${p}_options "$cmdpath" | sed 's/:.*//')
  else
    words=$( ((nargs == 0)) && ${p}_commands "$cmdpath"; ${p}_values "$cmdpath" "$nargs")
  fi
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
  return 0
}
complete -o default -F ${p}_complete ${name}
`;
}

export function zshScript(program: Command, extra: ExtraValues = {}): string {
  const name = program.name();
  const p = `_${name}`;
  return `#compdef ${name}
# zsh completion for ${name}, generated by '${name} completion zsh'.
# Load it now (after compinit):  source <(${name} completion zsh)
# or for good:  ${name} completion zsh > "\${fpath[1]}/_${name}"   (then restart zsh)
${tables(p, completionTree(program, extra))}
${p}_complete() {
${walk(p, '2', 'CURRENT', 'words')}
  if ((skip)); then _files; return; fi
  local -a described values
  if [[ \${words[CURRENT]} == -* ]]; then
    described=("\${(@f)$(${p}_options "$cmdpath")}")
    _describe -t options option described
    return
  fi
  local found=1
  if ((nargs == 0)); then
    described=("\${(@f)$(${p}_commands_described "$cmdpath")}")
    if ((\${#described} > 0)) && [[ -n \${described[1]} ]]; then
      _describe -t commands command described && found=0
    fi
  fi
  values=("\${(@f)$(${p}_values "$cmdpath" "$nargs")}")
  if [[ -n \${values[1]} ]]; then compadd -a values && found=0; fi
  ((found == 0)) || _files
}
if [[ \${funcstack[1]} == ${p} ]]; then
  ${p}_complete "$@"
else
  compdef ${p}_complete ${name}
fi
`;
}
