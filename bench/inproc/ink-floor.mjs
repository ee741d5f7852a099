// Entry (bundled): what Ink 6 itself costs per frame for synthetic full screens, to tell the
// app's share from Ink's floor. Each case is re-rendered with one line changed; Ink's own
// render time (onRender: layout → output string) and the wall time to the write are recorded.
//   node ink-floor.mjs --n 30 [--cases NAME,…]  → one JSON line { "<case> @ <size>": { inkMs, wallMs } }
// The bench uses "a Text per line, ASCII" as the baseline of figure 2: a full screen of plain
// text, the least Ink can do for a screen that size.
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Box, render, Text } from 'ink';
import { createElement as h, useState } from 'react';

const arg = (name, fallback) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback;
const n = Number(arg('n', 30));
// --cases a,b: only the cases whose names start with these (e.g. "a Text per line, ASCII").
const only = arg('cases', undefined)?.split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Out extends EventEmitter {
  isTTY = true;
  writes = [];
  constructor(columns, rows) {
    super();
    this.columns = columns;
    this.rows = rows;
  }
  write(s) {
    this.writes.push(performance.now());
    return true;
  }
}
class In extends EventEmitter {
  isTTY = true;
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return null;
  }
}

const ascii = (w, i) => `${String(i).padStart(3, '0')} ${'abcdefghij'.repeat(Math.ceil(w / 10))}`.slice(0, w);
const boxy = (w, i) => `${String(i).padStart(3, '0')}┤${'─╮│ ╰─╯ ││'.repeat(Math.ceil(w / 10))}`.slice(0, w);
const CASES = {
  'one Text, ASCII': (w, rows) => h(Text, null, rows.map((i) => ascii(w, i)).join('\n')),
  'a Text per line, ASCII': (w, rows) => rows.map((i) => h(Text, { key: i, wrap: 'truncate' }, ascii(w, i))),
  'a Text per line, box-drawing': (w, rows) =>
    rows.map((i) => h(Text, { key: i, wrap: 'truncate' }, boxy(w, i))),
  'a Text per line, 4 coloured spans': (w, rows) =>
    rows.map((i) => {
      const q = Math.floor(w / 4);
      const s = ascii(w, i);
      return h(
        Text,
        { key: i, wrap: 'truncate' },
        h(Text, { color: 'cyan' }, s.slice(0, q)),
        h(Text, { color: 'gray' }, s.slice(q, 2 * q)),
        h(Text, { bold: true }, s.slice(2 * q, 3 * q)),
        h(Text, { color: 'green' }, s.slice(3 * q)),
      );
    }),
  'a Text per line, 20 ASCII chars (mostly blank screen)': (w, rows) =>
    rows.map((i) => h(Text, { key: i, wrap: 'truncate' }, ascii(20, i))),
  'box-drawing + 2 spans': (w, rows) =>
    rows.map((i) => {
      const s = boxy(w, i);
      return h(
        Text,
        { key: i, wrap: 'truncate' },
        h(Text, { color: 'gray' }, s.slice(0, 9)),
        h(Text, { color: 'cyan' }, s.slice(9)),
      );
    }),
  'box-drawing + 2 spans, inside overflow=hidden': (w, rows) =>
    h(
      Box,
      { flexDirection: 'column', overflow: 'hidden', height: rows.length },
      rows.map((i) => {
        const s = boxy(w, i);
        return h(
          Text,
          { key: i, wrap: 'truncate' },
          h(Text, { color: 'gray' }, s.slice(0, 9)),
          h(Text, { color: 'cyan' }, s.slice(9)),
        );
      }),
    ),
};

const results = {};
for (const [columns, rowsCount] of [
  [120, 40],
  [200, 60],
]) {
  for (const [name, make] of Object.entries(CASES)) {
    if (only && !only.some((o) => name.startsWith(o))) continue;
    const out = new Out(columns, rowsCount);
    const times = [];
    let bump;
    function Screen() {
      const [k, setK] = useState(0);
      bump = () => setK((x) => x + 1);
      // rows-1 lines (a full-screen Ink frame keeps one row free); the first line changes each frame.
      const rows = Array.from({ length: rowsCount - 1 }, (_, i) => (i === 0 ? k : 1000 + i));
      return h(Box, { flexDirection: 'column', width: columns }, make(columns, rows));
    }
    const instance = render(h(Screen), {
      stdout: out,
      stdin: new In(),
      exitOnCtrlC: false,
      patchConsole: false,
      onRender: ({ renderTime }) => times.push(renderTime),
    });
    await sleep(100);
    const wall = [];
    for (let i = 0; i < n + 5; i++) {
      await sleep(45);
      const mark = out.writes.length;
      const t0 = performance.now();
      bump();
      await sleep(40);
      if (i >= 5 && out.writes.length > mark) wall.push(out.writes.at(-1) - t0);
    }
    instance.unmount();
    const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    results[`${name} @ ${columns}x${rowsCount}`] = { inkMs: med(times.slice(-n)), wallMs: med(wall) };
  }
}
process.stdout.write(`\n${JSON.stringify(results)}\n`);
process.exit(0);
