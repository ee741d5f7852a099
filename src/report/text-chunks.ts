/**
 * Text made of millions of small pieces (a CSV or JSON row each), joined a few thousand pieces
 * at a time: the pieces then die young instead of all living until one join at the end, which
 * made garbage collection most of a big statement's writing time. The text is handed on as its
 * chunks, written one after another: joined, the outages of a big month came near the longest
 * string V8 makes (2^29 characters), and the join alone took a good part of the time.
 */
const PIECES = 4096;

export class TextChunks {
  private parts: string[] = [];
  private readonly chunks: string[] = [];

  push(text: string): void {
    this.parts.push(text);
    if (this.parts.length === PIECES) this.flush();
  }

  /** The text so far, in chunks of a few thousand pieces each. */
  done(): string[] {
    this.flush();
    return this.chunks;
  }

  private flush(): void {
    if (this.parts.length === 0) return;
    this.chunks.push(this.parts.join(''));
    this.parts = [];
  }
}
