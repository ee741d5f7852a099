// Ink's layout engine, yoga-layout, ships its WebAssembly as a base64 data: URL inside an
// Emscripten loader that reads it with `fetch()` whenever a global fetch exists. In Node that
// first call makes Node compile its built-in copy of undici (the fetch implementation) and run
// a whole fetch of the data: URL — 20–30 ms of start-up spent decoding a string that is already
// in memory. Emscripten's fallback for environments without fetch decodes the same data: URL
// synchronously; this esbuild plugin makes the loader take that path. It fails the build when
// the loader no longer has the expected shape, so a yoga-layout upgrade cannot drop it silently.
import { sourcePatch } from './source-patch.mjs';

const TARGET = /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const FETCH_CHECK = '"function"!=typeof fetch';

/** The loader's source with every "is there a fetch?" check answered "no". */
export function withoutFetch(source, path) {
  if (!source.includes(FETCH_CHECK)) {
    throw new Error(
      `yoga-without-fetch: ${path} changed shape (no '${FETCH_CHECK}'); update scripts/yoga-without-fetch.mjs`,
    );
  }
  return source.replaceAll(FETCH_CHECK, 'true');
}

export function yogaWithoutFetch() {
  return sourcePatch('yoga-without-fetch', TARGET, withoutFetch);
}
