import { PassThrough, Writable } from 'node:stream';

/** A stdin that Ink accepts as a TTY: raw mode is a no-op, keys are written with `press`. */
export class FakeStdin extends PassThrough {
  isTTY = true;
  isRaw = false;
  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  press(keys: string): void {
    this.write(keys);
  }
}

/** A stdout with a size that records every byte written. */
export class FakeStdout extends Writable {
  isTTY = true;
  columns = 100;
  rows = 30;
  output = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    this.output += chunk.toString();
    done();
  }
}

export function asReadStream(s: FakeStdin): NodeJS.ReadStream {
  return s as unknown as NodeJS.ReadStream;
}

export function asWriteStream(s: FakeStdout): NodeJS.WriteStream {
  return s as unknown as NodeJS.WriteStream;
}
