// Ink's layout engine, yoga-layout, ships its WebAssembly as a base64 data: URL inside an
// Emscripten loader that compiles it asynchronously, and its index waits for that with a
// top-level `await`. Two costs for a CLI: a top-level await rules out a CommonJS bundle (and so
// V8's code cache, see src/launch/), and in Node the loader reads the data: URL with `fetch()`,
// which makes Node compile its built-in copy of undici — 20–30 ms of start-up spent decoding a
// string already in memory. This esbuild plugin makes the loader instantiate the module
// synchronously from the decoded bytes (what Emscripten's own fallback decodes; WebAssembly.Module
// may compile any size synchronously in Node), and the index take the module without awaiting.
// The loader's fetch checks are answered "no" as well, for any path that is still reachable.
// The build fails when either file no longer has the expected shape, so a yoga-layout upgrade
// cannot drop the change silently.
import { sourcePatch } from './source-patch.mjs';

const LOADER = /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const INDEX = /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/;
const FETCH_CHECK = '"function"!=typeof fetch';
// `var d={a:imports};F++;h.monitorRunDependencies&&…;if(h.instantiateWasm)try{return h.instantiateWasm(d,a)`
const INSTANTIATE =
  /var (\w+)=\{a:\w+\};(\w+)\+\+;(\w+)\.monitorRunDependencies&&\3\.monitorRunDependencies\(\2\);if\(\3\.instantiateWasm\)/;
const RECEIVE = /return \w+\.instantiateWasm\(\w+,\s*(\w+)\)/;
// Emscripten's synchronous fallback: `Promise.resolve().then(function(){return wa()})`.
const SYNC_BINARY = /Promise\.resolve\(\)\.then\(function\(\)\{return (\w+)\(\)\}\)/;
const AWAITED = 'const Yoga = wrapAssembly(await loadYoga());';

function changedShape(path, what) {
  return new Error(`yoga-sync: ${path} changed shape (${what}); update scripts/yoga-sync.mjs`);
}

/** The Emscripten loader, instantiating its module synchronously when called. */
export function syncLoader(source, path) {
  if (!source.includes(FETCH_CHECK)) throw changedShape(path, `no '${FETCH_CHECK}'`);
  const instantiate = INSTANTIATE.exec(source);
  const receive = RECEIVE.exec(source);
  const binary = SYNC_BINARY.exec(source);
  if (!instantiate || !receive || !binary) throw changedShape(path, 'no synchronous instantiation point');
  const [whole, imports, , module] = instantiate;
  const sync = `return ${receive[1]}(new WebAssembly.Instance(new WebAssembly.Module(${binary[1]}()),${imports})),{};`;
  const at = instantiate.index + whole.length - `if(${module}.instantiateWasm)`.length;
  return (source.slice(0, at) + sync + source.slice(at)).replaceAll(FETCH_CHECK, 'true');
}

/** yoga-layout's index, taking the (now synchronously filled) module object without awaiting. */
export function syncIndex(source, path) {
  if (!source.includes(AWAITED)) throw changedShape(path, `no '${AWAITED}'`);
  return source.replace(
    AWAITED,
    'const yogaModule = {};\nloadYoga(yogaModule);\nif (!yogaModule.calledRun) throw new Error("yoga-layout did not load");\nconst Yoga = wrapAssembly(yogaModule);',
  );
}

export function yogaSync() {
  return {
    name: 'yoga-sync',
    setup(build) {
      sourcePatch('yoga-sync-loader', LOADER, syncLoader).setup(build);
      sourcePatch('yoga-sync-index', INDEX, syncIndex).setup(build);
    },
  };
}
