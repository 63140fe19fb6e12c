/**
 * Reading a config file's YAML nodes with positions: typed scalar reads that record a
 * problem at the node's file:line:col instead of throwing, so one pass collects every
 * problem (up to MAX_PROBLEMS), and the error the whole parse throws.
 */
import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type LineCounter,
  type Node,
  type Pair,
  visit,
} from 'yaml';
import { UsageError } from '../../model/errors.js';
import { sanitize } from '../../model/sanitize.js';
import type { SourcePos } from './types.js';

/** A file stops being read after this many problems. */
export const MAX_PROBLEMS = 20;
/** The longest string value (a name, a description …) in characters: far above any real one. */
export const MAX_STRING = 65_536;
/** Aliases (`*name`) read at most in one file: a file of aliases to aliases stays bounded. */
export const MAX_ALIASES = 10_000;
/** The longest problem message shown, in characters (a message may quote the file). */
const MAX_MESSAGE = 300;

export interface FileProblem {
  at: SourcePos;
  message: string;
}

export const problemLine = (p: FileProblem): string =>
  `${p.at.file}:${p.at.line}:${p.at.col}: ${sanitize(clip(p.message))}`;

/** `text` cut to MAX_MESSAGE characters, with '…' when cut. */
export function clip(text: string, max = MAX_MESSAGE): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A config file that cannot be used: syntax error, unknown field, wrong type or invalid
 * rule or group (exit 2). `lines` holds one `FILE:LINE:COL: what is wrong` per problem,
 * in file order; the message is those lines joined by newlines.
 */
export class DesiredFileError extends UsageError {
  override name = 'DesiredFileError';
  readonly lines: string[];
  constructor(
    readonly problems: FileProblem[],
    truncated = false,
  ) {
    const lines = problems.map(problemLine);
    if (truncated) lines.push(`(stopped after ${MAX_PROBLEMS} problems)`);
    super(lines.join('\n'));
    this.lines = lines;
  }
}

/** Thrown inside the reader once MAX_PROBLEMS are collected; parseDesired catches it. */
export class TooManyProblems extends Error {}

export type YNode = Node | null | undefined;

export class Reader {
  readonly problems: FileProblem[] = [];
  private aliases = 0;
  private aliasTargets?: Map<Node, Node>;
  constructor(
    readonly file: string,
    private readonly lc: LineCounter,
    private readonly doc?: Document,
  ) {}

  /** An alias (`*name`) read as the node it names; positions stay the alias's own. */
  private deref(node: YNode): YNode {
    if (!isAlias(node) || !this.doc) return node;
    if (++this.aliases === MAX_ALIASES + 1) {
      this.fail(
        node,
        `more than ${MAX_ALIASES.toLocaleString('en')} aliases (*name) in the file: not read further`,
      );
      throw new TooManyProblems();
    }
    return this.targets().get(node) ?? node;
  }

  /**
   * What each alias names, from one walk of the document in order (an alias names the last
   * node before it with that anchor). yaml's own Alias.resolve walks the whole document per
   * alias: 10,000 aliases took minutes.
   */
  private targets(): Map<Node, Node> {
    if (this.aliasTargets) return this.aliasTargets;
    const anchors = new Map<string, Node>();
    const out = new Map<Node, Node>();
    visit(this.doc ?? null, {
      Node: (_key, node) => {
        if (isAlias(node)) {
          const target = anchors.get(node.source);
          if (target) out.set(node, target);
        } else if (node.anchor) anchors.set(node.anchor, node);
      },
    });
    this.aliasTargets = out;
    return out;
  }

  /** A string value within MAX_STRING characters, else a problem and undefined. */
  private bounded(node: YNode, what: string, value: string): string | undefined {
    if (value.length <= MAX_STRING) return value;
    this.fail(
      node,
      `${what} is ${value.length.toLocaleString('en')} characters long, over the limit of ${MAX_STRING.toLocaleString('en')}`,
    );
    return undefined;
  }

  pos(node: YNode | Pair, fallback?: YNode): SourcePos {
    const n = isPair(node) ? (node.key as YNode) : node;
    const offset = n?.range?.[0] ?? fallback?.range?.[0] ?? 0;
    const { line, col } = this.lc.linePos(offset);
    return { file: this.file, line, col };
  }

  problemAt(at: SourcePos, message: string): void {
    this.problems.push({ at, message });
    if (this.problems.length >= MAX_PROBLEMS) throw new TooManyProblems();
  }

  fail(node: YNode | Pair, message: string, fallback?: YNode): void {
    this.problemAt(this.pos(node, fallback), message);
  }

  /**
   * The pairs of a mapping whose keys are all among `known`; other keys are problems. Null
   * (and a problem) when the node is not a mapping.
   */
  fields(
    written: YNode,
    what: string,
    known: readonly string[],
    holder?: YNode,
  ): Map<string, Pair> | null {
    const node = this.deref(written);
    if (!isMap(node)) {
      this.fail(node, `${what} must be a mapping (${known.join(', ')})`, holder);
      return null;
    }
    const out = new Map<string, Pair>();
    for (const pair of node.items) {
      const key = keyText(pair);
      if (key === null || !known.includes(key)) {
        this.fail(
          pair,
          `unknown field '${clip(key ?? String(pair.key), 60)}' in ${what} (known: ${known.join(', ')})`,
          node,
        );
        continue;
      }
      out.set(key, pair);
    }
    return out;
  }

  /** The entries of a mapping with any string keys, or null (and a problem). */
  entries(written: YNode, what: string, holder?: YNode): Pair[] | null {
    const node = this.deref(written);
    if (!isMap(node)) {
      this.fail(node, `${what} must be a mapping`, holder);
      return null;
    }
    return node.items;
  }

  items(written: YNode, what: string, holder?: YNode): YNode[] | null {
    const node = this.deref(written);
    if (!isSeq(node)) {
      this.fail(node, `${what} must be a list`, holder);
      return null;
    }
    return node.items as YNode[];
  }

  string(written: YNode, what: string, holder?: YNode): string | undefined {
    const node = this.deref(written);
    if (isScalar(node) && typeof node.value === 'string')
      return this.bounded(node, what, node.value);
    this.fail(node, `${what} must be a string`, holder);
    return undefined;
  }

  /**
   * A string, or an integer written plainly taken as its source text exactly (`0x0800`
   * stays `0x0800`, a cookie past 2^53 keeps every digit). Null reads as '' when `nullAs`.
   */
  text(written: YNode, what: string, holder?: YNode, nullAs?: string): string | undefined {
    const node = this.deref(written);
    if (isScalar(node)) {
      if (typeof node.value === 'string') return this.bounded(node, what, node.value);
      if (typeof node.value === 'bigint' && node.source !== undefined)
        return this.bounded(node, what, node.source);
      if (node.value === null && nullAs !== undefined) return nullAs;
    } else if (node == null && nullAs !== undefined) return nullAs;
    this.fail(node, `${what} must be a string or an integer`, holder);
    return undefined;
  }

  int(written: YNode, what: string, holder?: YNode): number | undefined {
    const node = this.deref(written);
    if (isScalar(node) && typeof node.value === 'bigint') return Number(node.value);
    this.fail(node, `${what} must be an integer`, holder);
    return undefined;
  }

  bool(written: YNode, what: string, holder?: YNode): boolean | undefined {
    const node = this.deref(written);
    if (isScalar(node) && typeof node.value === 'boolean') return node.value;
    this.fail(node, `${what} must be true or false`, holder);
    return undefined;
  }
}

/** A mapping key as text (a plain number key reads as written), or null when it is not a scalar. */
export function keyText(pair: Pair): string | null {
  const k = pair.key as YNode;
  if (!isScalar(k)) return null;
  if (typeof k.value === 'string') return k.value;
  if (k.source !== undefined && k.value !== null) return k.source;
  return null;
}
