// Preloaded (`node --require`) into a process that has no diagnostics hook of its own (the
// watcher): with SOAK_SAMPLE_FILE set it appends one JSON line every SOAK_SAMPLE_EVERY_MS, the
// same fields as the dashboard's hook (src/ui/diagnostics.ts), after a full collection when node
// runs with --expose-gc. Its own timer is one constant Timeout among the counted resources.
const { openSync, writeSync } = require('node:fs');

const file = process.env.SOAK_SAMPLE_FILE;
if (file) {
  const every = Math.max(100, Number(process.env.SOAK_SAMPLE_EVERY_MS ?? 15_000));
  const fd = openSync(file, 'a', 0o600);
  const count = (emitter) => emitter.eventNames().reduce((n, e) => n + emitter.listenerCount(e), 0);
  const write = () => {
    const gc = globalThis.gc;
    if (typeof gc === 'function') gc();
    const resources = {};
    for (const type of process.getActiveResourcesInfo()) resources[type] = (resources[type] ?? 0) + 1;
    const mem = process.memoryUsage();
    const sample = {
      t: Date.now(),
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      external: mem.external,
      resources,
      listeners: { process: count(process), stdout: count(process.stdout), stderr: count(process.stderr) },
      afterGc: typeof gc === 'function',
    };
    try {
      writeSync(fd, `${JSON.stringify(sample)}\n`);
    } catch {}
  };
  setInterval(write, every).unref();
  setImmediate(write);
}
