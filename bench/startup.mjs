// Figure 1: ms from exec to the first frame showing pool data (`pooltop --demo` in a 120×40
// pty), against a minimal Ink hello-world bundled the same way and plain `node -e`, measured
// interleaved so the machine's noise hits all three alike.
import { showsPoolData } from './markers.mjs';
import { rssBytes } from './proc.mjs';
import { startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

const NODE_READY = 'node ready';

/** ms from exec to the output after which `predicate(screen)` holds; `onFrame(pid)` runs right then. */
export async function timeToText(args, predicate, { cols = 120, rows = 40, timeoutMs = 20_000, env, onFrame } = {}) {
  const session = startPty(process.execPath, args, { cols, rows, ...(env ? { env } : {}) });
  try {
    const at = await session.waitFor(predicate, timeoutMs, 'the first frame');
    onFrame?.(session.pid);
    return at - session.t0;
  } finally {
    await session.kill();
  }
}

/**
 * { pooltop: ms[], hello: ms[], node: ms[], ratio } (ratio of the medians), and the resident
 * memory of each at its first frame (rss: { pooltop: bytes[], hello: bytes[] }).
 */
export async function measureStartup({ cliFile, helloFile, runs, cols = 120, rows = 40, timeoutMs = 20_000, log }) {
  const out = { pooltop: [], hello: [], node: [], rss: { pooltop: [], hello: [] } };
  const rssInto = (list) => (pid) => {
    const rss = rssBytes(pid);
    if (rss !== undefined) list.push(rss);
  };
  const kinds = {
    node: () => timeToText(['-e', `console.log(${JSON.stringify(NODE_READY)})`], (s) => s.includes(NODE_READY), { cols, rows, timeoutMs }),
    hello: () =>
      timeToText([helloFile], (s) => s.includes('Hello from Ink'), { cols, rows, timeoutMs, onFrame: rssInto(out.rss.hello) }),
    pooltop: () => timeToText([cliFile, '--demo'], showsPoolData, { cols, rows, timeoutMs, onFrame: rssInto(out.rss.pooltop) }),
  };
  // One untimed warm-up of each (page cache, first compile of node-pty's helper).
  for (const run of Object.values(kinds)) await run();
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? ['pooltop', 'hello', 'node'] : ['node', 'hello', 'pooltop'];
    for (const kind of order) {
      out[kind].push(await kinds[kind]());
      await sleep(150);
    }
    log?.(`start-up ${i + 1}/${runs}: pooltop ${out.pooltop.at(-1).toFixed(0)} ms, hello ${out.hello.at(-1).toFixed(0)} ms`);
  }
  out.ratio = median(out.pooltop) / median(out.hello);
  return out;
}
