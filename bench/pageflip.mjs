// Figure 3: ms from PgDn to the frame showing the next page, Sub-accounts tab, `pooltop` in a
// 120×40 pty against the service hosted in this process. Before each PgDn the bench waits until
// the dashboard has asked for one more page (the prefetch of the next one) and lets it land.
import { KEYS, showsPoolData, showsRows } from './markers.mjs';
import { startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

const LIST = '/api/v4/sub-account/list';

async function untilMore(host, count, timeoutMs) {
  const end = performance.now() + timeoutMs;
  while ((host.stats().byPath[LIST] ?? 0) <= count) {
    if (performance.now() > end) return false;
    await sleep(10);
  }
  return true;
}

export async function measurePageFlip({ cliFile, host, flips, limit = 30 }) {
  const session = startPty(process.execPath, [cliFile], { cols: 120, rows: 40, env: host.env() });
  try {
    await session.waitFor(showsPoolData, 20_000, 'pool data');
    let seen = host.stats().byPath[LIST] ?? 0;
    session.write('2');
    await session.waitFor(showsRows(1, limit), 10_000, 'the first page of sub-accounts');
    const samples = [];
    let prefetchMissing = 0;
    for (let i = 1; i <= flips; i++) {
      // The prefetch of page i+1 was asked for after page i appeared; wait for it, then let it land.
      if (!(await untilMore(host, seen, 3000))) prefetchMissing++;
      await sleep(250);
      seen = host.stats().byPath[LIST] ?? 0;
      const t0 = session.write(KEYS.pageDown);
      const at = await session.waitFor(
        showsRows(i * limit + 1, (i + 1) * limit),
        5000,
        `rows ${i * limit + 1}–${(i + 1) * limit}`,
      );
      samples.push(at - t0);
    }
    return { ms: samples, median: median(samples), prefetchMissing };
  } finally {
    session.write('q');
    await Promise.race([session.exited, sleep(2000)]);
    await session.kill();
  }
}
