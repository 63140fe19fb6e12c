// A cache that keeps what the last few frames used and forgets the rest: the Ink text
// caches (scripts/ink-output-cache.mjs) are made of these. Looking a key up stamps it with
// the current frame; every KEEP frames the keys no frame asked for in that time are
// dropped, so memory is bounded by what a few frames show, however long the console runs
// and however many different numbers it draws, while paging back and forth still hits.
// The frame is a global counter bumped as each new Ink Output is made
// (`PbcGenCache.nextFrame()`).
//
// Its source is injected into Ink's modules by the plugin (`PbcGenCache.toString()`),
// so it must stay self-contained: no imports, no references outside the class.
export class PbcGenCache {
  static nextFrame() {
    globalThis.__pbcInkFrame = (globalThis.__pbcInkFrame ?? 0) + 1;
  }

  constructor(limit, keep = 8) {
    this.limit = limit;
    this.keep = keep;
    this.map = new Map();
    this.swept = globalThis.__pbcInkFrame ?? 0;
  }

  sweep(frame) {
    this.swept = frame;
    for (const [key, entry] of this.map) if (frame - entry.frame > this.keep) this.map.delete(key);
  }

  get(key) {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    entry.frame = globalThis.__pbcInkFrame ?? 0;
    return entry.value;
  }

  set(key, value) {
    const frame = globalThis.__pbcInkFrame ?? 0;
    if (frame - this.swept > this.keep) this.sweep(frame);
    // more distinct texts than the limit within KEEP frames (a huge table) starts afresh
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, { value, frame });
    return this;
  }

  get size() {
    return this.map.size;
  }
}
