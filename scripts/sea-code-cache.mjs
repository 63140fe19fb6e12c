// The single executable's startup snapshot without the dead part of Node's code cache
// (scripts/sea.mjs). Node 20 writes into every snapshot it builds a V8 code cache of each of its
// ~320 built-in modules (2.8 MB of pbc's 7.6 MB snapshot), and the executable copies all of it
// out of its file at every start. A built-in module's cache is used once, when the module is
// compiled; the ~120 modules the snapshot has already loaded are never compiled again (their
// functions are in the snapshot's heap), so their caches (1.75 MB) are only copied and freed.
// This drops them from the blob and keeps every other module's cache: a module pbc loads after
// the start (node:net, node:crypto, the simulator's node:http) still compiles from its cache.
// A module without one would compile from its source, as Node does for a module it has no
// cache for — slower, never different.
//
// The layout read here is Node 20's (src/node_snapshotable.cc, src/node_sea.cc), and only as
// far as needed: the SEA blob holds [magic, flags, the main script's path, the snapshot, …];
// the snapshot holds its metadata, V8's startup data, Node's isolate and environment data,
// then the code cache as its last part: a count and, for each module, its id and its cache,
// each a 64-bit length and the bytes. Anything unexpected leaves the blob as it was.

const SEA_MAGIC = 0x0143da20;
const SNAPSHOT_MAGIC = 0x0143da19;
/** A built-in module's id: `fs`, `internal/streams/readable`, `internal/deps/undici/undici`. */
const ID = /^[a-z_][\w/.-]*$/i;

const u64 = (buf, at) => (at >= 0 && at + 8 <= buf.length ? Number(buf.readBigUInt64LE(at)) : -1);

/** A length-prefixed string of `buf` at `at`: its end, or -1. */
function skipString(buf, at) {
  const n = u64(buf, at);
  return n >= 0 && n < 256 && at + 8 + n <= buf.length ? at + 8 + n : -1;
}

/**
 * Where V8's startup data ends in a Node snapshot: after the metadata (magic, type, Node's
 * version, arch and platform, V8's cache tag, flags) and the data's 32-bit length.
 */
function afterV8Data(snap) {
  if (snap.length < 8 || snap.readUInt32LE(0) !== SNAPSHOT_MAGIC) return -1;
  let at = 5;
  for (let i = 0; i < 3 && at >= 0; i++) at = skipString(snap, at);
  if (at < 0 || at + 12 > snap.length) return -1;
  at += 8; // the cache tag and the flags
  const size = snap.readInt32LE(at);
  return size > 0 && at + 4 + size <= snap.length ? at + 4 + size : -1;
}

/** The code cache's entries if it starts at `at` and ends the snapshot exactly; else undefined. */
function entriesAt(snap, at) {
  const count = u64(snap, at);
  if (count < 1 || count > 4096) return undefined;
  const entries = [];
  let p = at + 8;
  for (let i = 0; i < count; i++) {
    const idEnd = skipString(snap, p);
    if (idEnd < 0) return undefined;
    const id = snap.toString('latin1', p + 8, idEnd);
    if (!ID.test(id)) return undefined;
    const size = u64(snap, idEnd);
    if (size < 0 || idEnd + 8 + size > snap.length) return undefined;
    entries.push({ id, start: p, end: idEnd + 8 + size });
    p = idEnd + 8 + size;
  }
  return p === snap.length ? entries : undefined;
}

/**
 * The built-in modules' code cache of a Node snapshot: where it starts and its entries, or
 * undefined when the snapshot is not laid out as Node 20 lays it out.
 */
export function builtinCodeCache(snap) {
  const from = afterV8Data(snap);
  if (from < 0) return undefined;
  // Node's isolate and environment data lie between; the cache is the one start that reads
  // to the snapshot's end
  for (let at = from; at + 8 <= snap.length; at++) {
    const entries = entriesAt(snap, at);
    if (entries) return { at, entries };
  }
  return undefined;
}

/** The snapshot with the code cache of the modules in `drop` left out; undefined as above. */
export function snapshotWithout(snap, drop) {
  const cache = builtinCodeCache(snap);
  if (!cache) return undefined;
  const kept = cache.entries.filter((e) => !drop.has(e.id));
  const count = Buffer.alloc(8);
  count.writeBigUInt64LE(BigInt(kept.length));
  const bytes = Buffer.concat([
    snap.subarray(0, cache.at),
    count,
    ...kept.map((e) => snap.subarray(e.start, e.end)),
  ]);
  return { bytes, before: cache.entries.length, after: kept.length };
}

/** The SEA blob's snapshot: its bounds, or undefined if the blob holds none. */
export function seaSnapshot(blob) {
  if (blob.length < 8 || blob.readUInt32LE(0) !== SEA_MAGIC) return undefined;
  const useSnapshot = 2; // SeaFlags::kUseSnapshot
  if ((blob.readUInt32LE(4) & useSnapshot) === 0) return undefined;
  const lengthAt = skipString(blob, 8);
  const size = u64(blob, lengthAt);
  if (lengthAt < 0 || size < 0 || lengthAt + 8 + size > blob.length) return undefined;
  return { lengthAt, start: lengthAt + 8, end: lengthAt + 8 + size };
}

/**
 * The SEA blob with its snapshot's code cache of `drop`'s modules left out: the new blob and
 * what was done (for the build's line), or undefined when the blob is not as expected.
 */
export function seaBlobWithout(blob, drop) {
  const where = seaSnapshot(blob);
  if (!where) return undefined;
  const snap = blob.subarray(where.start, where.end);
  const lean = snapshotWithout(snap, drop);
  if (!lean) return undefined;
  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(BigInt(lean.bytes.length));
  return {
    blob: Buffer.concat([
      blob.subarray(0, where.lengthAt),
      size,
      lean.bytes,
      blob.subarray(where.end),
    ]),
    modules: [lean.before, lean.after],
    bytes: [snap.length, lean.bytes.length],
  };
}
