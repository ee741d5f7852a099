import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { untrustedReason } from '../../src/launch/cache-trust.js';

const uid = process.getuid?.() ?? 0;
const fresh = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'pooltop-trust-')), 'cache');
  mkdirSync(dir, { mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
};

describe('code cache directory trust', () => {
  it('trusts the user’s own private directory and file, and one that does not exist yet', () => {
    const dir = fresh();
    expect(untrustedReason(dir, join(dir, 'a.v8cache'), uid)).toBeUndefined();
    writeFileSync(join(dir, 'a.v8cache'), 'x', { mode: 0o600 });
    expect(untrustedReason(dir, join(dir, 'a.v8cache'), uid)).toBeUndefined();
    expect(untrustedReason(join(dir, 'later'), join(dir, 'later', 'a.v8cache'), uid)).toBeUndefined();
  });

  it('refuses a directory or file others can write, a symbolic link, or another user’s', () => {
    const dir = fresh();
    chmodSync(dir, 0o777);
    expect(untrustedReason(dir, join(dir, 'a.v8cache'), uid)).toBe(`${dir} is writable by others`);
    chmodSync(dir, 0o700);
    writeFileSync(join(dir, 'a.v8cache'), 'x');
    chmodSync(join(dir, 'a.v8cache'), 0o666);
    expect(untrustedReason(dir, join(dir, 'a.v8cache'), uid)).toBe(
      `${join(dir, 'a.v8cache')} is writable by others`,
    );
    const link = `${dir}-link`;
    symlinkSync(dir, link);
    expect(untrustedReason(link, join(link, 'b.v8cache'), uid)).toBe(`${link} is a symbolic link`);
    expect(untrustedReason(fresh(), 'none', uid + 1)).toMatch(/belongs to another user$/);
  });

  it('passes where there are no POSIX owners', () => {
    expect(untrustedReason('/anything', '/anything/a', undefined)).toBeUndefined();
  });
});
