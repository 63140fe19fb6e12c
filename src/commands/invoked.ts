/**
 * The top-level command a command line names, read before commander's tree is built, so that
 * `pbc get rules` defines `get` alone (program.ts; start-up, docs/performance.md). Anything
 * this cannot read for certain answers undefined, and the whole tree is built as before.
 */
import type { Option } from 'commander';

/**
 * A short-option word that could hold -h: `-h`, or a cluster such as `-yh` (commander splits
 * clusters of known flags). Help must see the whole tree.
 */
const asksHelp = (word: string) => word === '--help' || /^-[^-]*h/.test(word);

/**
 * The first word of `args` (the command line after node and the script) that is neither a
 * global option nor an option's value. Undefined when the line may ask for help, or holds
 * what only the whole tree judges: an unknown option, `--`, a cluster of short flags, an
 * option whose value is optional.
 */
export function commandWord(
  args: readonly string[],
  globals: readonly Option[],
): string | undefined {
  if (args.some(asksHelp)) return undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (!word.startsWith('-') || word === '-') return word;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq > 0 ? word.slice(0, eq) : word;
    const option = globals.find((o) => o.long === flag || o.short === flag);
    if (option === undefined || option.optional) return undefined;
    if (option.required && eq < 0) i++;
  }
  return undefined;
}
