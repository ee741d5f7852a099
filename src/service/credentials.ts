/**
 * Credentials of the embedded service. Secrets are never derived from the seed: they come from
 * the system CSPRNG, so a demo server on a shared machine cannot be guessed into.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceCredentials } from './options.js';

/** Opaque token in the vendor's style (upper-case letters and digits, 48 characters). */
export function newToken(): string {
  return randomBytes(36)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .toUpperCase()
    .slice(0, 48);
}

export function createCredentials(fixed: Partial<ServiceCredentials> = {}): ServiceCredentials {
  return {
    apiKey: fixed.apiKey ?? randomBytes(16).toString('hex'),
    apiSecret: fixed.apiSecret ?? randomBytes(16).toString('hex'),
    clientId: fixed.clientId ?? `pooltop-demo-${randomBytes(4).toString('hex')}`,
    clientSecret: fixed.clientSecret ?? randomBytes(24).toString('base64url'),
    refreshToken: fixed.refreshToken ?? newToken(),
  };
}
