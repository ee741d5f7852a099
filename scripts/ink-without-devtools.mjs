// Ink's reconciler has two top-level `await`s, both only for React DevTools in dev mode
// (`DEV=true`): one imports its devtools connector, the other reads Ink's package.json for the
// connection's name. pooltop never ships the devtools (react-devtools-core is aliased to an
// empty module by the build), and a top-level await rules out the CommonJS bundle that V8's
// code cache needs (src/launch/). This esbuild plugin removes both: in dev mode the bundle
// behaves as in production. It fails the build when the reconciler no longer has the expected
// lines, so an Ink upgrade cannot drop the change silently.
import { sourcePatch } from './source-patch.mjs';

const TARGET = /[\\/]ink[\\/]build[\\/]reconciler\.js$/;
const DEVTOOLS_IMPORT = "await import('./devtools.js');";
const PACKAGE_JSON = 'await loadPackageJson()';

/** Ink's reconciler without its top-level awaits. */
export function withoutDevtools(source, path) {
  for (const needle of [DEVTOOLS_IMPORT, PACKAGE_JSON]) {
    if (!source.includes(needle)) {
      throw new Error(
        `ink-without-devtools: ${path} changed shape (no "${needle}"); update scripts/ink-without-devtools.mjs`,
      );
    }
  }
  return source.replace(DEVTOOLS_IMPORT, '').replace(PACKAGE_JSON, '{ name: undefined, version: undefined }');
}

export function inkWithoutDevtools() {
  return sourcePatch('ink-without-devtools', TARGET, withoutDevtools);
}
