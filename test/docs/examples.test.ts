/**
 * Every documented example runs on the demo and shows data: each `pooltop …` example in the
 * `--help` texts, README.md and docs/ (all .md) is run with the built executable (with `--demo` added
 * when absent) and must exit as documented, print something, and — with `--json`, or run again
 * with `--json` when it prints text — print JSON that holds data. An example that names a worker
 * or an account the demo lacks, or a window with no data in it, fails here.
 *
 * What counts as an example: a line of a code block that runs pooltop (`pooltop …`, `$ pooltop …`,
 * or `/path/to/pooltop …` as in a Nagios command line), an inline `pooltop …` with at least one
 * flag, and the lines under "Examples:" / after "Example:" in a help text. Not examples: usage
 * synopses (they hold `[optional]` parts or `a|b` choices) and inline code that only names a
 * command (`pooltop check`). A line's own comment (`# …`) and, in a two-column listing, its
 * description are cut off; so is the shell around it (`> file`, `&& …`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/commands/index.js';
import { commandFirst } from '../../src/commands/support/mode.js';
import { runCli } from '../support/run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Placeholders in examples and what the test writes for them. */
/** Upper-case words that are values, not placeholders (a currency code). */
const LITERALS = new Set(['USDT']);

const SUBSTITUTIONS: Record<string, string> = {
  COMMAND: 'mining', // pooltop COMMAND --help
  // The Nagios command line's macros, with the values of the docs' `define service`.
  $ARG1$: '150P:',
  $ARG2$: '100P:',
  $ARG3$: '2h',
  $ARG4$: '6h',
};

/** Examples that cannot run here, each with why. Every one must still be found in the docs. */
const NOT_RUN: Record<string, string> = {
  pooltop: 'the dashboard: it needs an interactive terminal (test/e2e/dashboard.test.ts drives it in one)',
  'pooltop --demo': 'the dashboard, as above',
  'pooltop exporter': 'serves until stopped (test/exporter/exporter.test.ts); the --once example runs here',
  'pooltop watch --demo': 'watches until stopped (test/e2e/watch.test.ts); the --once example runs here',
  'pooltop audit keys --ndjson':
    "the bench's audit of all 1,000 sub-accounts (docs/performance.md; node bench/audit.mjs times it, ~50 s); the --search examples audit here",
};

/** Commands whose text output has a `--json` twin, run as well to see that the example shows data. */
const JSON_TWIN = new Set(['pool', 'accounts', 'mining', 'check', 'audit']);

interface Example {
  text: string;
  sources: string[];
}

const SYNOPSIS = /\[|\S\|\S/;

/** The pooltop command in a code-block line, or undefined. */
function fromCodeLine(raw: string): string | undefined {
  const line = raw
    .trim()
    .replace(/^\$\s+/, '')
    .replace(/\s+#\s.*$/, '');
  const m = /^(?:\S+\s+)?\/\S*\/pooltop(?=\s|$)(.*)$/.exec(line) ?? /^pooltop(?=\s|$)(.*)$/.exec(line);
  if (!m) return undefined;
  // A two-column listing: the command, two or more spaces, what it does.
  const command = `pooltop${(m[1] ?? '').split(/\s{2,}/)[0]}`;
  return withoutShell(command);
}

/** `pooltop exporter --once > file && mv …` → `pooltop exporter --once`. */
function withoutShell(command: string): string {
  return (command.split(/\s(?:>|>>|&&|\|\||\||;)\s/)[0] ?? '').trim();
}

function fromMarkdown(text: string): string[] {
  const found: string[] = [];
  const prose: string[] = [];
  let block: string[] | undefined;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      if (block) {
        // In a transcript (`$ ` prompts) the other lines are output.
        const transcript = block.some((l) => /^\s*\$\s/.test(l));
        for (const l of transcript ? block.filter((b) => /^\s*\$\s/.test(b)) : block) {
          const command = fromCodeLine(l);
          if (command !== undefined) found.push(command);
        }
        block = undefined;
      } else {
        block = [];
      }
      prose.push('');
    } else if (block) {
      block.push(line);
    } else {
      prose.push(line);
    }
  }
  // Inline code may run over a line break; a code span ends at its paragraph.
  for (const paragraph of prose.join('\n').split(/\n\s*\n/)) {
    for (const m of paragraph.matchAll(/`([^`]+)`/g)) {
      const code = (m[1] ?? '').replace(/\s+/g, ' ').trim();
      if (!/^pooltop /.test(code)) continue;
      const command = withoutShell(code);
      // Inline code without a flag names a command (`pooltop check`); it is not an example.
      if (command.split(' ').some((word) => word.startsWith('-'))) found.push(command);
    }
  }
  return found;
}

function fromHelp(text: string): string[] {
  const found: string[] = [];
  let inExamples = false;
  for (const line of text.split('\n')) {
    const one = /^\s*Example:\s+(pooltop\s.*)$/.exec(line);
    if (one?.[1]) found.push(one[1].trim());
    if (/^\s*Examples:\s*$/.test(line)) inExamples = true;
    else if (line.trim() === '') inExamples = false;
    else if (inExamples && /^\s*pooltop\s/.test(line)) found.push(line.trim());
  }
  return found;
}

function collect(): Example[] {
  const byText = new Map<string, Example>();
  const add = (source: string, commands: string[]) => {
    for (const text of commands) {
      if (SYNOPSIS.test(text)) continue;
      const example = byText.get(text) ?? { text, sources: [] };
      if (!example.sources.includes(source)) example.sources.push(source);
      byText.set(text, example);
    }
  };
  add('README.md', fromMarkdown(readFileSync(join(ROOT, 'README.md'), 'utf8')));
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' });
  for (const file of docs.filter((f) => f.endsWith('.md'))) {
    add(`docs/${file}`, fromMarkdown(readFileSync(join(ROOT, 'docs', file), 'utf8')));
  }
  for (const [topic, text] of Object.entries(HELP)) {
    add(topic === 'main' ? 'pooltop --help' : `pooltop ${topic} --help`, fromHelp(text));
  }
  return [...byText.values()];
}

/** Words split at spaces, with '…' and "…" quoting as a shell reads them. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** The arguments to run an example with: placeholders filled in, `--demo` added. */
function argvOf(text: string): string[] {
  const argv = words(text)
    .slice(1)
    .map((word) => Object.entries(SUBSTITUTIONS).reduce((w, [from, to]) => w.split(from).join(to), word));
  return argv.includes('--demo') ? argv : [...argv, '--demo'];
}

/** Data, not an empty answer: a non-empty list; an object whose `data` (or every list in it) is non-empty. */
function hasData(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value === null || typeof value !== 'object') return value !== undefined && value !== '';
  const fields = Object.entries(value);
  if (fields.length === 0) return false;
  if ('data' in value) return hasData((value as { data: unknown }).data);
  return fields.every(([, v]) => !Array.isArray(v) || v.length > 0);
}

/** The command word of an argument list (flags may come first). */
const commandOf = (argv: string[]) => commandFirst(argv)[0];

const CHECK_STATES = ['OK', 'WARNING', 'CRITICAL'];

/** Runs one example and checks it the way its documentation promises. */
async function expectWorks(label: string, argv: string[]): Promise<void> {
  const r = await runCli(argv, undefined, 60_000);
  const command = commandOf(argv);
  const said = `${label}\nstdout: ${r.stdout.slice(0, 400)}\nstderr: ${r.stderr}`;
  expect(r.stderr, said).toBe('');
  expect(r.stdout.trim(), said).not.toBe('');
  if (command === 'check') {
    // A verdict on the data (0 OK, 1 WARNING, 2 CRITICAL), never UNKNOWN (3), and the line says which.
    expect(r.code, said).toBeLessThanOrEqual(2);
    const state = CHECK_STATES[r.code ?? -1];
    if (argv.includes('--json')) expect(JSON.parse(r.stdout).status, said).toBe(state);
    else expect(r.stdout, said).toMatch(new RegExp(`^POOLTOP ${state} - `));
  } else if (command === 'audit') {
    // 0 no findings, 1 findings (the demo has some): never 3, the audit not whole.
    expect(r.code, said).toBe(1);
  } else {
    expect(r.code, said).toBe(0);
  }
  // `watch --json` streams: one object per line, as --ndjson elsewhere.
  const lines = command === 'watch' && argv.includes('--json');
  if (argv.includes('--json') && !lines) {
    const json: unknown = JSON.parse(r.stdout);
    expect(hasData(json), `${said}\nthe JSON holds no data`).toBe(true);
  }
  if (argv.includes('--csv')) {
    // A header and at least one record.
    expect(r.stdout.trim().split('\n').length, `${said}\nthe CSV holds no rows`).toBeGreaterThan(1);
  }
  if (argv.includes('--ndjson') || lines) {
    const rows = r.stdout.trim().split('\n');
    for (const row of rows) JSON.parse(row);
    expect(rows.length, said).toBeGreaterThan(0);
  }
}

const examples = collect();
const runnable = examples.filter((e) => !(e.text in NOT_RUN));

describe('documented examples', () => {
  it('are found in the help texts, the README and the docs', () => {
    const sources = new Set(examples.flatMap((e) => e.sources));
    for (const source of ['README.md', 'docs/usage.md', 'docs/monitoring.md', 'pooltop mining --help']) {
      expect([...sources], source).toContain(source);
    }
    expect(runnable.length).toBeGreaterThanOrEqual(10);
  });

  it('that are not run are all still documented', () => {
    const texts = examples.map((e) => e.text);
    for (const text of Object.keys(NOT_RUN)) expect(texts, text).toContain(text);
  });

  it('have every placeholder in the substitution table', () => {
    for (const { text, sources } of runnable) {
      const left = argvOf(text).filter((w) => !LITERALS.has(w) && /\b[A-Z]{2,}\b|\$\w+\$|…|\.\.\./.test(w));
      expect(left, `${text} (${sources.join(', ')})`).toEqual([]);
    }
  });

  it.concurrent.each(runnable.map((e) => [`${e.text}  (${e.sources.join(', ')})`, e] as const))(
    '%s',
    async (label, { text }) => {
      const argv = argvOf(text);
      await expectWorks(label, argv);
      const format = ['--json', '--ndjson', '--csv', '--help', '-h'].some((f) => argv.includes(f));
      const command = commandOf(argv);
      if (!format && command !== undefined && JSON_TWIN.has(command)) {
        await expectWorks(`${label} --json`, [...argv, '--json']);
      }
    },
  );
});
