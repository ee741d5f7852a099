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

describe('cache directory trust', () => {
  it('trusts the user’s own private directory', () => {
    expect(untrustedReason(fresh(), uid)).toBeUndefined();
    const shared = fresh();
    chmodSync(shared, 0o755);
    expect(untrustedReason(shared, uid)).toBeUndefined();
  });

  it('refuses a directory others can write, a symbolic link, another user’s, or not a directory', () => {
    const dir = fresh();
    chmodSync(dir, 0o777);
    expect(untrustedReason(dir, uid)).toBe(`${dir} is writable by others`);
    chmodSync(dir, 0o770);
    expect(untrustedReason(dir, uid)).toBe(`${dir} is writable by others`);
    chmodSync(dir, 0o700);
    const link = `${dir}-link`;
    symlinkSync(dir, link);
    expect(untrustedReason(link, uid)).toBe(`${link} is a symbolic link`);
    expect(untrustedReason(fresh(), uid + 1)).toMatch(/belongs to another user$/);
    const file = join(dir, 'file');
    writeFileSync(file, '');
    expect(untrustedReason(file, uid)).toBe(`${file} is not a directory`);
    expect(untrustedReason(join(dir, 'absent'), uid)).toBe(`${join(dir, 'absent')} cannot be read`);
  });

  it('passes where there are no POSIX owners', () => {
    expect(untrustedReason('/anything', undefined)).toBeUndefined();
  });
});
