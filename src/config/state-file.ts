/**
 * Reads one of pooltop's own files in the state directory (the seen workers, the watcher's book,
 * the notify outbox): a regular file, not followed through a link, refused when someone else owns
 * it or others may write it. Undefined when it does not exist; every other problem is one line
 * naming the file.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { fileTrust } from './file-trust.js';
import { MAX_FILE_BYTES, readProblem, readRegularFileSync } from './regular-file.js';

export function readStateFile(what: string, path: string, maxBytes = MAX_FILE_BYTES): string | undefined {
  try {
    const got = readRegularFileSync(path, { noFollow: true, maxBytes });
    const trust = fileTrust(what, path, got.stats);
    if (trust.refuse) throw new PooltopError('config', trust.refuse);
    return got.text;
  } catch (e) {
    if (e instanceof PooltopError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new PooltopError('config', `cannot read ${what} ${path}: ${readProblem(code, (e as Error).message, maxBytes)}`, {
      cause: e,
    });
  }
}
