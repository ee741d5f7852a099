/**
 * Text made of millions of small pieces (a CSV or JSON row each), joined a few thousand pieces
 * at a time: the pieces then die young instead of all living until one join at the end, which
 * made garbage collection most of a big statement's writing time.
 */
const PIECES = 4096;

export class TextChunks {
  private parts: string[] = [];
  private readonly chunks: string[] = [];

  push(text: string): void {
    this.parts.push(text);
    if (this.parts.length === PIECES) this.flush();
  }

  text(): string {
    this.flush();
    return this.chunks.join('');
  }

  private flush(): void {
    if (this.parts.length === 0) return;
    this.chunks.push(this.parts.join(''));
    this.parts = [];
  }
}
