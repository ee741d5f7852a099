// `npm run record`: the README's picture of the dashboard, made from the demo.
//
// The built CLI runs `--demo` in a pseudo-terminal (node-pty) read by a headless xterm, with its
// clock stopped and its randomness seeded (record/freeze.mjs), and is driven through its tabs.
// Each step waits for what it should show, then the screen is taken whole (@xterm/addon-serialize)
// as one frame of an asciicast v2 file with fixed timestamps; svg-term-cli renders the cast as
// the animated docs/images/pooltop.svg and one still per tab (docs/images/tab-*.svg). Two runs
// write the same files.
//
//   node scripts/record.mjs [--out DIR] [--steps N]
//     DIR: default docs/images; --steps: only the first N steps (a quick check of determinism,
//     test/docs/recording.test.ts). The build must be current (`npm run record` builds first).
import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SerializeAddon } from '@xterm/addon-serialize';
import xterm from '@xterm/headless';
import pty from 'node-pty';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const { values } = parseArgs({ options: { out: { type: 'string' }, steps: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'docs', 'images'));
const COLS = 100;
const ROWS = 30;
/** The frozen wall clock: 2026-11-23 12:00:00 UTC. */
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const PORT = 47181;
/** Seconds each frame stays on screen in the animation. */
const HOLD = 2.5;
/** When the first frame appears, seconds. */
const START = 0.1;
/**
 * Seconds of the dashboard's (recorded) clock between two steps: step k is taken when its status
 * bar shows 12:00:05 + k × STEP_SECONDS, so what a frame shows does not depend on the machine's
 * speed; a step whose screen is not ready by then fails the recording.
 */
const STEP_SECONDS = 6;
/** The total size the pictures may have. */
const MAX_BYTES = 1024 * 1024;

/** The steps: keys to press, then what the screen shows once they have acted; `still` names a tab's picture. */
const ALL_STEPS = [
  { keys: '', until: /Blocks found[\s\S]*\d{7}[\s\S]*\d{7}/, still: 'pool' },
  { keys: '2', until: /Mining fleet[\s\S]*H\/s[\s\S]*rows 1[–-]\d+ of/, still: 'mining' },
  { keys: '\r', until: /Workers[\s\S]*H\/s/ },
  { keys: '3', until: /\[3 Sub-accounts\][\s\S]*rows 1[–-]\d+ [·|]/, still: 'sub-accounts' },
  { keys: 'jjj\r', until: /Sub-account, row 4/ },
  { keys: '\x1b4', until: /Token type[\s\S]*Last refresh/, still: 'session' },
  { keys: '?', until: /closes this help/ },
  { keys: '\x1b1', until: /\[1 Pool\][\s\S]*Blocks found/ },
];

const STEPS = ALL_STEPS.slice(0, values.steps === undefined ? undefined : Number(values.steps));

function delay(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

async function record() {
  const term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 0 });
  const serializer = new SerializeAddon();
  term.loadAddon(serializer);
  const cache = mkdtempSync(join(tmpdir(), 'pooltop-record-'));
  const env = {
    PATH: process.env.PATH,
    HOME: cache,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    POOLTOP_CACHE_DIR: cache,
    RECORD_NOW_MS: String(NOW),
    RECORD_PORT: String(PORT),
  };
  const freeze = join(root, 'scripts', 'record', 'freeze.mjs');
  const child = pty.spawn(
    process.execPath,
    ['--import', freeze, join(root, 'dist', 'pooltop.cjs'), '--demo', '--theme', 'dark', '--no-mouse'],
    { name: 'xterm-256color', cols: COLS, rows: ROWS, cwd: root, env },
  );
  let parsed = Promise.resolve();
  child.onData((d) => {
    parsed = new Promise((r) => term.write(d, r));
  });
  let exited = false;
  child.onExit(() => {
    exited = true;
  });
  const screen = () => {
    const buf = term.buffer.active;
    const lines = [];
    for (let y = 0; y < ROWS; y++) lines.push(buf.getLine(y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  const frames = [];
  try {
    for (const [k, step] of STEPS.entries()) {
      for (const key of step.keys) {
        child.write(key);
        await delay(60);
      }
      const second = 5 + k * STEP_SECONDS;
      const clock = `12:00:${String(second).padStart(2, '0')}`;
      // The status bar's clock at the step's second, and the screen the same twice in a row
      // (drawn whole); by then it must show what the step waits for.
      let last = '';
      for (;;) {
        await parsed;
        const now = screen();
        const at = /(\d\d:\d\d:\d\d)\n[^\n]*$/.exec(now)?.[1] ?? '';
        if (at === clock && now === last) {
          if (!step.until.test(now)) throw new Error(`record: not ready at ${clock}: ${step.until}\n${now}`);
          break;
        }
        if (exited || at > clock) throw new Error(`record: missed ${clock} (now ${at}):\n${now}`);
        last = now;
        await delay(150);
      }
      frames.push({
        still: step.still,
        data: serializer.serialize({ excludeAltBuffer: false, excludeModes: true }),
      });
    }
  } finally {
    child.kill();
    term.dispose();
    rmSync(cache, { recursive: true, force: true });
  }
  return frames;
}

function castOf(frames) {
  const header = { version: 2, width: COLS, height: ROWS, env: { TERM: 'xterm-256color' } };
  // svg-term draws nothing for an event at 0: the first frame comes a moment in.
  const at = (i) => Number((START + i * HOLD).toFixed(3));
  const events = frames.map((f, i) => [at(i), 'o', `\x1b[H\x1b[2J\x1b[3J${f.data}`]);
  // The last frame stays for its time too before the animation starts again.
  events.push([at(frames.length), 'o', '']);
  return `${[header, ...events].map((e) => JSON.stringify(e)).join('\n')}\n`;
}

const svgTerm = join(root, 'node_modules', 'svg-term-cli', 'lib', 'cli.js');
const react16 = join(root, 'scripts', 'record', 'react16.cjs');

function render(cast, outFile, at) {
  const args = [
    '--in',
    cast,
    '--out',
    outFile,
    '--window',
    '--no-cursor',
    '--width',
    String(COLS),
    '--height',
    String(ROWS),
  ];
  if (at !== undefined) args.push('--at', String(at));
  execFileSync(process.execPath, ['-r', react16, svgTerm, ...args], { stdio: 'inherit' });
}

const frames = await record();
mkdirSync(out, { recursive: true });
const cast = join(out, 'pooltop.cast');
writeFileSync(cast, castOf(frames));
const files = [join(out, 'pooltop.svg')];
render(cast, files[0]);
for (const [i, f] of frames.entries()) {
  if (!f.still) continue;
  const file = join(out, `tab-${f.still}.svg`);
  // Half-way through the frame's time on screen, in ms.
  render(cast, file, Math.round((START + (i + 0.5) * HOLD) * 1000));
  files.push(file);
}
const total = [cast, ...files].reduce((sum, f) => sum + statSync(f).size, 0);
for (const f of [cast, ...files]) console.log(`${relative(process.cwd(), f)}  ${statSync(f).size} bytes`);
if (total > MAX_BYTES) {
  console.error(`record: ${total} bytes in all, more than ${MAX_BYTES}`);
  process.exit(1);
}
