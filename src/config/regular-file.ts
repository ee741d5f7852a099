/**
 * Reads a small file pooltop depends on (the WhiteBIT config, the preferences, the token store,
 * a lock) without ever hanging on it: a plain open of a FIFO blocks until a writer comes, and a
 * read of a device or a huge file never ends. The file is opened non-blocking, checked through
 * the descriptor it was opened as (so it cannot be swapped between check and read), refused
 * unless it is a regular file, and read to at most `maxBytes`.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export const MAX_FILE_BYTES = 1024 * 1024;

export interface RegularFile {
  text: string;
  stats: Stats;
}

/** Error codes of our own, beside the system's (ENOENT, EACCES, …). */
export const NOT_REGULAR = 'ENOTREG';
export const TOO_LARGE = 'EFBIG';

function fail(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** What a non-regular file is, for messages. */
export function fileKind(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'an unknown kind of file';
}

export function readRegularFileSync(
  path: string,
  opts: { maxBytes?: number; noFollow?: boolean } = {},
): RegularFile {
  const maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
  // O_NONBLOCK makes the open of a FIFO return at once; O_NOFOLLOW makes a symbolic link ELOOP.
  const flags =
    constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (opts.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
  const fd = openSync(path, flags);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw fail('EISDIR', 'is a directory');
    if (!stats.isFile()) throw fail(NOT_REGULAR, fileKind(stats));
    if (stats.size > maxBytes) throw fail(TOO_LARGE, 'too large');
    // The size may grow after fstat: never read more than the cap, plus one byte to notice.
    const buf = Buffer.alloc(Math.min(maxBytes + 1, Math.max(stats.size + 1, 4096)));
    let length = 0;
    for (;;) {
      if (length === buf.length) break;
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) throw fail(TOO_LARGE, 'too large');
    return { text: buf.toString('utf8', 0, length), stats };
  } finally {
    closeSync(fd);
  }
}

/** A short reason for one of the codes above or a system one, for a one-line message. */
export function readProblem(
  code: string | undefined,
  message: string | undefined,
  maxBytes = MAX_FILE_BYTES,
): string {
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === NOT_REGULAR) return `it is ${message ?? 'not a regular file'}, not a regular file`;
  if (code === TOO_LARGE) return `it is larger than ${maxBytes / 1024} KiB`;
  if (code === 'ELOOP') return 'it is a symbolic link';
  return code ?? 'unknown error';
}
