/**
 * Durable, atomic replacement of a small private file: write a temporary file in the same
 * directory, fsync it, rename it over the target, fsync the directory. A crash at any point
 * leaves either the old file or the new one, never a mix.
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Creates the directory (and parents) private to the user; tightens it if it is ours and too open. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  if (process.platform === 'win32') return;
  const st = await lstat(dir);
  const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
  if (st.isDirectory() && mine && (st.mode & 0o077) !== 0) await chmod(dir, DIR_MODE);
}

/** Test hook: called between the steps so a test can simulate a crash (by throwing). */
export type WriteStep = 'temp-written' | 'renamed';

export async function writeFileDurable(
  path: string,
  data: string | Iterable<string>,
  onStep?: (step: WriteStep) => void,
): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fh = await open(tmp, 'wx', FILE_MODE);
  let renamed = false;
  try {
    try {
      // The umask can only narrow the creation mode; chmod makes it exact.
      if (process.platform !== 'win32') await fh.chmod(FILE_MODE);
      await fh.writeFile(data, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    onStep?.('temp-written');
    await rename(tmp, path);
    renamed = true;
    onStep?.('renamed');
    await syncDir(dir);
  } finally {
    if (!renamed) await unlink(tmp).catch(() => undefined);
  }
}

/** Makes the rename itself durable. Not possible on Windows (EPERM/EISDIR): skipped there. */
async function syncDir(dir: string): Promise<void> {
  let dh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    dh = await open(dir, 'r');
    await dh.sync();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EACCES') throw e;
  } finally {
    await dh?.close();
  }
}
