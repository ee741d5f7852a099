import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseBaseUrl } from '../../src/api/base-url.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';

function rejection(input: string): PooltopError {
  try {
    parseBaseUrl(input);
  } catch (err) {
    expect(err).toBeInstanceOf(PooltopError);
    expect((err as PooltopError).kind).toBe('config');
    return err as PooltopError;
  }
  throw new Error(`accepted ${input}`);
}

describe('parseBaseUrl', () => {
  it('accepts https anywhere and strips the trailing slash', () => {
    expect(parseBaseUrl('https://whitebit.com/')).toEqual({
      href: 'https://whitebit.com',
      origin: 'https://whitebit.com',
      host: 'whitebit.com',
      pathPrefix: '',
      loopback: false,
    });
    expect(parseBaseUrl('  https://whitebit.eu:8443/proxy/  ').href).toBe('https://whitebit.eu:8443/proxy');
  });

  it('accepts plain http only on loopback hosts', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://127.9.8.7',
      'http://localhost:1',
      'http://[::1]:9/',
    ]) {
      expect(parseBaseUrl(url).loopback).toBe(true);
    }
    for (const url of [
      'http://whitebit.com',
      'http://10.0.0.1',
      'http://127.0.0.1.evil.example',
      'http://[::2]',
    ]) {
      expect(rejection(url).message).toMatch(/plain http is only allowed for loopback hosts/);
    }
  });

  it('rejects other schemes, credentials, queries, fragments and non-URLs without echoing them', () => {
    expect(rejection('ftp://whitebit.com').message).toMatch(/scheme must be https/);
    const creds = rejection('https://user:hunter2secret@whitebit.com');
    expect(creds.message).toMatch(/user name or password/);
    expect(creds.message).not.toContain('hunter2secret');
    expect(rejection('https://whitebit.com/?token=s3cr3t').message).not.toContain('s3cr3t');
    expect(rejection('https://whitebit.com?').message).toMatch(/query/);
    expect(rejection('https://whitebit.com/#frag').message).toMatch(/fragment/);
    const garbage = rejection('sk_live_abcdef123456');
    expect(garbage.message).not.toContain('sk_live');
    expect(garbage.message).not.toMatch(/\n/);
  });
});

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, ::1 and localhost', () => {
    expect(
      ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.255.255', '[::1]', '::1'].every(isLoopbackHost),
    ).toBe(true);
    expect(['128.0.0.1', '127.0.0.256', 'localhost.example', '0.0.0.0', '[::]'].some(isLoopbackHost)).toBe(
      false,
    );
  });
});
