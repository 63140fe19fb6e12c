/**
 * The top-level command a command line names, read before commander's tree is built, so that
 * `pbc get rules` defines `get` alone and `pbc --url …` (the console) no command at all
 * (program.ts; start-up, docs/performance.md). Anything this cannot read for certain answers
 * undefined, and the whole tree is built as before.
 */
import type { Option } from 'commander';

/**
 * A short-option word that could hold -h: `-h`, or a cluster such as `-yh` (commander splits
 * clusters of known flags). Help must see the whole tree.
 */
const asksHelp = (word: string) => word === '--help' || /^-[^-]*h/.test(word);

/**
 * Where the global options of `args` end: the index of the first word that is neither a
 * global option nor an option's value (`args.length` when there is none), or -1 when the line
 * may ask for help, or holds what only the whole tree judges: an unknown option, `--`, a
 * cluster of short flags, an option whose value is optional or missing.
 */
function globalsEnd(args: readonly string[], globals: readonly Option[]): number {
  if (args.some(asksHelp)) return -1;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (!word.startsWith('-') || word === '-') return i;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq > 0 ? word.slice(0, eq) : word;
    const option = globals.find((o) => o.long === flag || o.short === flag);
    if (option === undefined || option.optional) return -1;
    if (option.required && eq < 0 && ++i === args.length) return -1;
  }
  return args.length;
}

/**
 * The first word of `args` (the command line after node and the script) that is neither a
 * global option nor an option's value; undefined when there is none or globalsEnd is unsure.
 */
export function commandWord(
  args: readonly string[],
  globals: readonly Option[],
): string | undefined {
  return args[globalsEnd(args, globals)];
}

/** Whether `args` is global options alone, each known and complete: the console's line. */
export const onlyGlobals = (args: readonly string[], globals: readonly Option[]): boolean =>
  globalsEnd(args, globals) === args.length;
