// Turns the bench results into the one table (markdown, so it can go into the
// README as is), plus a few lines of detail under it.
import { memoryRows } from './memory.mjs';
import { fmt, fmtBytes, median } from './stats.mjs';

const MB = 1_000_000;
const mark = (ok) => (ok === undefined ? '–' : ok ? '✓' : '✗');
const fail = (r) => `n/a (${String(r.error).split('\n')[0].slice(0, 120)})`;

export function buildRows(r) {
  const rows = [];
  const add = (n, figure, measured, baseline, target, ok) =>
    rows.push({ n, figure, measured, baseline, target, ok: mark(ok) });

  // 1. start-up
  if (r.startup?.error) add(1, 'start-up', fail(r.startup), '', 'ratio ≤ 1.3');
  else if (r.startup) {
    const s = r.startup;
    add(
      1,
      'start-up (exec → first frame with pool data, `--demo`, pty 120×40)',
      `${fmt(median(s.pooltop), 0)} ms`,
      `Ink hello-world (plain minified ESM bundle) ${fmt(median(s.hello), 0)} ms → **ratio ${fmt(s.ratio, 2)}** (pooltop with its caches, as on every start but a new version's first; bare \`node -e\` ${fmt(median(s.node), 0)} ms; n=${s.pooltop.length} each). ` +
        `CPU to the first frame: pooltop ${fmt(median(s.cpu?.pooltop ?? []), 0)} ms, hello-world ${fmt(median(s.cpu?.hello ?? []), 0)} ms → ratio ${fmt(median(s.cpu?.pooltop ?? []) / median(s.cpu?.hello ?? []), 2)}. ` +
        `First start, no cache: pooltop ${fmt(median(s.cold.pooltop), 0)} ms → ratio ${fmt(s.coldRatio, 2)}; cache files after warm-up: ${s.cacheFiles?.join(', ') || 'none'}`,
      'ratio ≤ 1.3',
      s.ratio <= 1.3,
    );
  }

  // 2. frame
  if (r.poolFrames?.error) add(2, 'frame, Pool tab', fail(r.poolFrames), '', '≤ 8 ms at 200×60');
  else if (r.poolFrames) {
    for (const [size, f] of Object.entries(r.poolFrames.sizes)) {
      const floor = r.inkFloor?.[`a Text per line, ASCII @ ${size}`]?.wallMs;
      const floorText = Number.isFinite(floor)
        ? `Ink floor (full screen of plain text, same size) ${fmt(floor, 1)} ms → **ratio ${fmt(f.tick.median / floor, 2)}**; `
        : '';
      add(
        2,
        `frame, Pool tab ${size.replace('x', '×')} (1 s clock tick → bytes written)`,
        `${fmt(f.tick.median, 1)} ms`,
        `${floorText}Ink output ${fmt(f.tick.inkMs, 1)} ms of it; ${fmtBytes(f.tick.bytes)}/frame; poll frame (\`r\`) ${fmt(f.poll.median, 0)} ms; n=${f.tick.n}`,
        size === '200x60' ? '≤ 8 ms' : '—',
        size === '200x60' ? f.tick.median <= 8 : undefined,
      );
    }
    // What test/ui once counted: a tick is one output pass, and so is a poll's answer with its
    // age and second (`r`: the key and its answer, served at once).
    const big = r.poolFrames.sizes['200x60'];
    if (big) {
      const ok = big.tick.renders <= 1 && big.poll.renders <= 1;
      add(2, 'Ink renders, Pool tab 200×60: clock tick / `r` to its answer', `${fmt(big.tick.renders, 0)} / ${fmt(big.poll.renders, 0)}`, 'medians', '1 / 1', ok);
    }
  }
  if (r.accountsFrames?.error) add(2, 'frame, Sub-accounts 100 rows', fail(r.accountsFrames), '', '—');
  else if (r.accountsFrames) {
    const a = r.accountsFrames;
    add(
      2,
      `frame, Sub-accounts tab, 100 rows on screen (${a.size.replace('x', '×')}, ↓/↑ → bytes written)`,
      `${fmt(a.cursor.median, 1)} ms`,
      `of which Ink output ${fmt(a.cursor.inkMs, 1)} ms; clock tick ${fmt(a.tick.median, 1)} ms; ${fmtBytes(a.cursor.bytes)}/frame${a.patched ? '; AccountsView patched into its tab' : ''}`,
      '—',
    );
  }

  // 3. page flip
  if (r.pageFlip?.error) add(3, 'page flip', fail(r.pageFlip), '', '≤ 33 ms median');
  else if (r.pageFlip) {
    const p = r.pageFlip;
    const f = r.accountsFrames?.flip;
    const inproc = f
      ? `in-process ${fmt(f.median, 1)} ms, ${fmt(f.renders, 0)} Ink renders (${fmt(f.inkMs, 0)} ms of Ink output) before the new page is drawn; `
      : '';
    add(
      3,
      'page flip (PgDn → frame with the next, prefetched page; pty 120×40)',
      `${fmt(p.median, 1)} ms`,
      `${inproc}n=${p.ms.length}${p.prefetchMissing ? `; prefetch not seen ${p.prefetchMissing}×` : ''}`,
      '≤ 33 ms median',
      p.median <= 33,
    );
  }

  // 4. idle, 6. network (one session)
  const s = r.session;
  if (s?.error) {
    add(4, 'idle', fail(s), '', '≤ 1.5 % CPU, ≤ 600 B/s');
    add(6, 'network', fail(s), '', 'one request per interval per visible resource, one reused connection');
  } else if (s) {
    const { idle, network, memory } = s;
    add(
      4,
      `idle CPU (Pool tab, \`--interval 1\`, ${fmt(idle.seconds, 0)} s, 120×40)`,
      `${fmt(idle.cpuPercent, 2)} % of one core`,
      '',
      '≤ 1.5 %',
      idle.cpuPercent <= 1.5,
    );
    add(
      4,
      'idle terminal output (same run)',
      `${fmt(idle.bytesPerSecond, 0)} B/s`,
      `median second ${fmtBytes(median(idle.perSecond))}`,
      '≤ 600 B/s',
      idle.bytesPerSecond <= 600,
    );
    const pool = network.byPath['/api/v4/public/mining-pool'] ?? 0;
    const expected = Math.round(network.seconds);
    // The dashboard's watcher judges every account whatever tab is shown, and at a short interval
    // asks for what no tab shows at most every 11 s (ui/app.tsx): its mining reads, per path, at
    // most one a round per mining account (3 in the bench's service), and nothing else.
    const watcherRounds = Math.ceil(network.seconds / 11) + 1;
    const watcherPaths = ['accounts', 'miners/info', 'workers/names', 'hashrate'].map(
      (p) => `/api/v4/mining/${p}`,
    );
    const others = Object.entries(network.byPath).filter(([path]) => path !== '/api/v4/public/mining-pool');
    const watcherOk = others.every(([path, n]) => watcherPaths.includes(path) && n <= watcherRounds * 3);
    // SWR starts the next interval when a poll has finished, so a 60 s window holds a few less
    // than 60 polls; more than one per interval fails.
    const ok =
      pool <= expected + 1 &&
      pool >= 0.9 * expected &&
      watcherOk &&
      network.connections === 0 &&
      memory.connections === 1;
    const paths = Object.entries(network.byPath)
      .map(([path, n]) => `${path} ${n}`)
      .join(', ');
    add(
      6,
      `network (same run, ${fmt(network.seconds, 0)} s window)`,
      `${network.requests} requests, ${network.connections} new TCP connections`,
      `${paths || 'none'}; expected ≤${expected} to mining-pool (one per interval), the watcher's mining reads ≤${watcherRounds} per account and path; connections over the whole run (${fmt(memory.seconds / 60, 1)} min) ${memory.connections}`,
      '1 request / interval / visible resource; the watcher ≤ 1 per 11 s; 1 reused connection',
      ok,
    );
  }

  // 5. memory (bench/memory.mjs)
  if (r.memory?.error) {
    add(5, 'RSS', fail(r.memory), '', '≤ 100 MB at every sample');
    add(5, 'live heap', fail(r.memory), '', '≤ +3 MB');
  } else if (r.memory) {
    for (const [figure, measured, detail, target, ok] of memoryRows(r.memory))
      add(5, figure, measured, detail, target, ok);
  }

  // 7. package
  if (r.package?.error) add(7, 'package', fail(r.package), '', '≤ 1.5 MB packed, 0 runtime dependencies');
  else if (r.package) {
    const p = r.package;
    add(
      7,
      '`npm pack` size',
      `${fmt(p.packed / MB, 3)} MB packed`,
      `${fmt(p.unpacked / MB, 3)} MB unpacked; ${p.files.join(', ')}`,
      '≤ 1.5 MB',
      p.packed <= 1.5 * MB,
    );
    const deps = p.dependencies.length + p.optionalDependencies.length + p.peerDependencies.length;
    add(
      7,
      'runtime dependencies',
      String(deps),
      `package.json dependencies: ${p.dependencies.join(', ') || 'none'}; non-builtin imports left in the bundle: ${p.bundleExternalImports.join(', ') || 'none'}`,
      '0',
      deps === 0 && p.bundleExternalImports.length === 0,
    );
  }
  return rows;
}

export function renderTable(rows) {
  const head = ['#', 'figure', 'measured', 'baseline / detail', 'target', ''];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const row of rows) {
    lines.push(
      `| ${[row.n, row.figure, row.measured, row.baseline, row.target, row.ok].map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}
