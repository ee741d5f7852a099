// Figure 2 (and the in-process page flip): runs the bundled in-process entries
// (bench/inproc/frame-*.mjs) in their own processes and summarises their samples.
import { runJsonChild } from './child.mjs';
import { median } from './stats.mjs';

export function summary(samples) {
  const pick = (key) => samples.map((s) => s[key]);
  return {
    n: samples.length,
    ms: pick('ms'),
    median: median(pick('ms')),
    inkMs: median(pick('inkMs')),
    cpuMs: median(pick('cpuMs')),
    bytes: median(pick('bytes')),
    renders: median(pick('renders')),
    missing: samples.filter((s) => !Number.isFinite(s.ms)).length,
  };
}

/**
 * Pool tab at 120×40 and 200×60: the 1 s clock frame and a poll frame; and an idle stretch with
 * real timers and 1 s polling (Ink renders, writes and CPU per second).
 */
export async function measurePoolFrames(file, { n, warmup, timeoutMs, extraArgs = [] }) {
  const raw = await runJsonChild(
    file,
    ['--sizes', '120x40,200x60', '--n', String(n), '--warmup', String(warmup), ...extraArgs],
    {
      timeoutMs,
    },
  );
  const out = { renderOptions: raw.renderOptions, exit: raw.exit, idle: raw.idle, sizes: {} };
  for (const [size, r] of Object.entries(raw.sizes)) {
    out.sizes[size] = { tick: summary(r.tick), poll: summary(r.poll), clockTimers: r.clockTimers };
  }
  return out;
}

/** Sub-accounts tab: 100 rows on screen (cursor and clock frames), and PgDn flips at 120×40. */
export async function measureAccountsFrames(file, { n, flips, timeoutMs }) {
  const raw = await runJsonChild(file, ['--n', String(n), '--flips', String(flips), '--size', '200x106'], {
    timeoutMs,
  });
  return {
    patched: raw.patched,
    size: raw.size,
    cursor: summary(raw.cursor),
    tick: summary(raw.tick),
    flip: {
      ms: raw.flip.map((f) => f.ms),
      median: median(raw.flip.map((f) => f.ms)),
      writes: median(raw.flip.map((f) => f.writes)),
      renders: median(raw.flip.map((f) => f.renders)),
      inkMs: median(raw.flip.map((f) => f.inkMs)),
    },
  };
}

/** Ink's floor: a full screen of plain ASCII text, one Text per line, re-rendered with one line changed. */
export async function measureInkFloor(file, { n, timeoutMs }) {
  return runJsonChild(file, ['--n', String(n), '--cases', 'a Text per line, ASCII'], { timeoutMs });
}
