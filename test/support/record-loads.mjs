// Preloaded with `node --import` by test/launch/one-shot-modules.test.ts: records the URL of
// every module the program loads (module.registerHooks sees import() and require alike) and
// writes them, one a line, to the file named by POOLTOP_TEST_LOADS when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeFileSync(process.env.POOLTOP_TEST_LOADS, [...loaded].join('\n')));
