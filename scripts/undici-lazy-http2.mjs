// undici's Client requires its HTTP/2 connector at load time, and that connector requires
// node:http2 — which loads node:tls and most of Node's HTTP/2 core: ~9 ms of start-up
// measured here, for a protocol undici only speaks when a server offers it over TLS ALPN and
// the Pool was created with `allowH2` (pooltop's never is). This esbuild plugin makes the
// connector load on its first use instead. It fails the build when undici's client no longer
// has the expected line, so an upgrade cannot drop the change silently.
import { sourcePatch } from './source-patch.mjs';

const TARGET = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;
const EAGER = "const connectH2 = require('./client-h2.js')";
const LAZY = "function connectH2 (client, socket) { return require('./client-h2.js')(client, socket) }";

/** undici's client.js with the HTTP/2 connector required on first use. */
export function lazyHttp2(source, path) {
  if (!source.includes(EAGER)) {
    throw new Error(
      `undici-lazy-http2: ${path} changed shape (no "${EAGER}"); update scripts/undici-lazy-http2.mjs`,
    );
  }
  return source.replace(EAGER, LAZY);
}

export function undiciLazyHttp2() {
  return sourcePatch('undici-lazy-http2', TARGET, lazyHttp2);
}
