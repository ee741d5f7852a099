// The Mining tab's uptime read of the history file, one account of 2,000 workers, 30 days:
// three uptime queries (24 h, 7 d, 30 d) asked once a minute off the drawing path. In a child,
// from an esbuild bundle.   node bench/history-ui.mjs
import { pathToFileURL } from 'node:url';
import { bundleEntries, makeWorkDir } from './bundle.mjs';
import { killAllChildren, runJsonChild } from './child.mjs';
import { fmt } from './stats.mjs';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const work = makeWorkDir();
  try {
    const b = await bundleEntries(work.dir, { ui: 'bench/inproc/history-ui.mjs' });
    if (!b.ui.file) throw new Error(JSON.stringify(b));
    const r = await runJsonChild(b.ui.file, [], { timeoutMs: 1_800_000 });
    console.log(
      `Mining tab's uptime read (bench/history-ui.mjs, Node.js ${r.node}): 2,000 workers, 30 days (${r.spans} spans): median ${fmt(r.medianMs, 1)} ms, max ${fmt(r.maxMs, 1)} ms (${r.workers} workers; filled in ${fmt(r.fillS, 0)} s)`,
    );
  } finally {
    killAllChildren();
    work.cleanup();
  }
}
