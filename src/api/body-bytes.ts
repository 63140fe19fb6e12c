/**
 * An answer's body read as bytes, not text: a 17 MB GET /rules/all answer is parsed from its
 * bytes a slice at a time (json-slices.ts), so its decoded text — and the copy joining it —
 * is never made. The bytes live outside the JavaScript heap and go as soon as it is parsed.
 */

const utf8 = new TextDecoder();

/**
 * A body's bytes as text, as `body.text()` decodes them: UTF-8, a leading BOM dropped. One
 * decoder for every answer (a decode without `stream` keeps no state from one call to the next).
 */
export const bodyText = (bytes: Uint8Array): string => utf8.decode(bytes);

/**
 * A body gathered chunk by chunk into one Buffer. With a declared length it is written into
 * one buffer of that size as it arrives (no second copy); otherwise the chunks are joined at
 * the end. More than `limit` bytes: `push` throws `tooLarge()` at once, before the rest is
 * read or kept. The answer reader (answer-reader.ts) feeds it the body's bytes (no async iterator,
 * no promise per chunk).
 */
export class BodyBuffer {
  private readonly whole: Buffer | undefined;
  private readonly chunks: Uint8Array[] = [];
  private filled = 0;
  private total = 0;

  constructor(
    private readonly limit = Number.POSITIVE_INFINITY,
    private readonly tooLarge: () => Error = () => new Error('answer too large'),
    declared?: number,
  ) {
    this.whole =
      declared !== undefined && Number.isSafeInteger(declared) && declared > 0 && declared <= limit
        ? Buffer.allocUnsafe(declared)
        : undefined;
  }

  push(chunk: Uint8Array): void {
    // stopped as soon as it is too big: nothing more is read or kept
    if (this.total + chunk.length > this.limit) throw this.tooLarge();
    const whole = this.whole;
    if (whole && this.filled === this.total && this.total + chunk.length <= whole.length) {
      whole.set(chunk, this.total);
      this.filled += chunk.length;
    } else this.chunks.push(chunk);
    this.total += chunk.length;
  }

  /** Every byte pushed, in order, as one Buffer. */
  bytes(): Buffer {
    const { whole, chunks, filled, total } = this;
    if (!whole) return Buffer.concat(chunks, total);
    if (chunks.length === 0 && filled === whole.length) return whole;
    return Buffer.concat([whole.subarray(0, filled), ...chunks], total);
  }
}

/** The body of an async iterable as one Buffer (BodyBuffer's rules: `limit`, `declared`). */
export async function bodyBytes(
  body: AsyncIterable<Uint8Array>,
  limit = Number.POSITIVE_INFINITY,
  tooLarge: () => Error = () => new Error('answer too large'),
  declared?: number,
): Promise<Buffer> {
  const buffer = new BodyBuffer(limit, tooLarge, declared);
  for await (const chunk of body) buffer.push(chunk);
  return buffer.bytes();
}
