// Preloaded with `node --import` by test/launch/one-shot-modules.test.ts. At exit it writes, as
// JSON, to the file named by POOLTOP_TEST_LOADS: the URL of every module the program loaded
// (module.registerHooks sees import() and require alike), how many Intl.Segmenter it made
// (string-width's set-up makes one, as does the first grapheme split), and whether Node's own
// copy of undici was loaded.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const modules = new Set();
registerHooks({
  load(url, context, nextLoad) {
    modules.add(url);
    return nextLoad(url, context);
  },
});
let segmenters = 0;
const Segmenter = Intl.Segmenter;
Intl.Segmenter = class extends Segmenter {
  constructor(...args) {
    super(...args);
    segmenters++;
  }
};
process.on('exit', () => {
  const nodeUndici = process.moduleLoadList.some((m) => /internal\/deps\/undici/.test(m));
  writeFileSync(process.env.POOLTOP_TEST_LOADS, JSON.stringify({ modules: [...modules], segmenters, nodeUndici }));
});
