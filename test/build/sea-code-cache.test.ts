/**
 * scripts/sea-code-cache.mjs: the executable's snapshot without the code cache of the Node
 * modules it has loaded. Blobs laid out as Node 20 lays them out (src/node_sea.cc,
 * src/node_snapshotable.cc), made here: the caches of the modules named are left out, every
 * other byte kept, and anything laid out otherwise is left alone. (test/build/sea.test.ts reads
 * the real executable's.)
 */
import { describe, expect, it } from 'vitest';
import {
  builtinCodeCache,
  seaBlobWithout,
  seaSnapshot,
  snapshotWithout,
} from '../../scripts/sea-code-cache.mjs';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const str = (s: string | Buffer) => Buffer.concat([u64(s.length), Buffer.from(s)]);

/** A snapshot: metadata, V8's data, Node's other data, then the code cache of `modules`. */
function snapshot(modules: Record<string, string>, v8 = 'V8 startup data'): Buffer {
  const v8Data = Buffer.from(v8);
  const v8Size = Buffer.alloc(4);
  v8Size.writeInt32LE(v8Data.length);
  const entries = Object.entries(modules).map(([id, cache]) =>
    Buffer.concat([str(id), str(cache)]),
  );
  return Buffer.concat([
    u32(0x0143da19),
    Buffer.from([1]),
    str('20.20.2'),
    str('x64'),
    str('linux'),
    u32(0x839dbe75),
    u32(0),
    v8Size,
    v8Data,
    // Node's isolate and environment data, with lengths that could be misread as a cache's
    Buffer.from([3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0x66, 0x73, 9, 9]),
    u64(entries.length),
    ...entries,
  ]);
}

/** A SEA blob holding `snap`, with an asset after it. */
function seaBlob(snap: Buffer, flags = 0x0b): Buffer {
  return Buffer.concat([
    u32(0x0143da20),
    u32(flags),
    str('/build/sea-loader.cjs'),
    str(snap),
    u64(1),
    str('yoga.wasm'),
    str('\0asm the asset'),
  ]);
}

const modules = { fs: 'cache of fs', net: 'cache of net', _http_server: 'cache of http' };

describe("the snapshot's code cache of Node's modules", () => {
  it("is found after V8's data and Node's other data, which may read like its start", () => {
    const v8 = `xxxxxxx${u64(1).toString('latin1')}ab`;
    const found = builtinCodeCache(snapshot(modules, v8));
    expect(found?.entries.map((e) => e.id)).toEqual(['fs', 'net', '_http_server']);
  });

  it("drops the modules named, keeps the others' caches byte for byte", () => {
    const snap = snapshot(modules);
    const lean = snapshotWithout(snap, new Set(['fs', 'net', 'events']));
    expect(lean).toMatchObject({ before: 3, after: 1 });
    expect(lean?.bytes.equals(snapshot({ _http_server: 'cache of http' }))).toBe(true);
  });

  it('rewrites the SEA blob: the snapshot shorter, its length with it, the assets after it kept', () => {
    const blob = seaBlob(snapshot(modules));
    const lean = seaBlobWithout(blob, new Set(['fs']));
    const expected = seaBlob(snapshot({ net: 'cache of net', _http_server: 'cache of http' }));
    expect(lean?.blob.equals(expected)).toBe(true);
    expect(lean?.modules).toEqual([3, 2]);
    const where = seaSnapshot(lean!.blob)!;
    expect(lean!.blob.subarray(where.end).toString('latin1')).toContain('\0asm the asset');
  });

  it('leaves alone a blob without a snapshot, another magic, or a cache that does not end the snapshot', () => {
    const snap = snapshot(modules);
    expect(seaBlobWithout(seaBlob(snap, 0x09), new Set(['fs']))).toBeUndefined();
    const otherMagic = Buffer.from(snap);
    otherMagic.writeUInt32LE(0x0143da18, 0);
    expect(snapshotWithout(otherMagic, new Set(['fs']))).toBeUndefined();
    const trailing = Buffer.concat([snap, Buffer.from('more')]);
    expect(snapshotWithout(trailing, new Set(['fs']))).toBeUndefined();
    // cut short anywhere: nothing read past the end, nothing thrown
    const blob = seaBlob(snap);
    for (const n of [3, 12, 20, 40, blob.length - 50])
      expect(seaBlobWithout(blob.subarray(0, n), new Set(['fs']))).toBeUndefined();
  });
});
