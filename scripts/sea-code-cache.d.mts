/** Types of scripts/sea-code-cache.mjs (a plain ESM script of the build). */
export interface CodeCacheEntry {
  id: string;
  start: number;
  end: number;
}
export declare function builtinCodeCache(
  snap: Buffer,
): { at: number; entries: CodeCacheEntry[] } | undefined;
export declare function snapshotWithout(
  snap: Buffer,
  drop: ReadonlySet<string>,
): { bytes: Buffer; before: number; after: number } | undefined;
export declare function seaSnapshot(
  blob: Buffer,
): { lengthAt: number; start: number; end: number } | undefined;
export declare function seaBlobWithout(
  blob: Buffer,
  drop: ReadonlySet<string>,
): { blob: Buffer; modules: [number, number]; bytes: [number, number] } | undefined;
