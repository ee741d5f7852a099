/**
 * pooltop(1) is made from the command table at build time (scripts/release/man-page.mjs, as
 * scripts/release.mjs makes it): every line of `pooltop --help` and of each command's --help, as
 * the built executable prints it, is on the rendered page, and each command is listed with its
 * summary. groff reads it with all warnings on and finds nothing to say.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, HELP } from '../../src/commands/index.js';
// @ts-expect-error: a build script, plain JavaScript
import { manPage } from '../../scripts/release/man-page.mjs';
// @ts-expect-error: a build script, plain JavaScript
import { loadTable } from '../../scripts/release/table.mjs';
import { has, root } from './build.js';

let work: string;
let page: string;

/** Rendered text as plain lines: no overstrikes, typographic dashes and quotes as typed. */
const plain = (text: string) =>
  text
    .replace(/.\x08/g, '')
    .replace(/[\u2010\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pooltop-man-test-'));
  page = join(work, 'pooltop.1');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(page, manPage(await loadTable(), { version: pkg.version, description: pkg.description, date: '2025-01-01' }));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('pooltop(1)', () => {
  it('renders with no groff warning', () => {
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z', page], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('holds every line of every --help, and every command with its summary', () => {
    const rendered = has('man')
      ? execFileSync('man', ['-l', page], { encoding: 'utf8', env: { ...process.env, MANWIDTH: '200', MAN_KEEP_FORMATTING: '' } })
      : execFileSync('groff', ['-man', '-Tutf8', '-rLL=200n', page], { encoding: 'utf8' });
    const lines = new Set(plain(rendered));
    expect(Object.keys(HELP).length).toBeGreaterThan(5);
    for (const topic of Object.keys(HELP)) {
      const args = topic === 'main' ? ['--help'] : [topic, '--help'];
      const help = execFileSync(process.execPath, [join(root, 'dist', 'pooltop.cjs'), ...args], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: work, LANG: 'C.UTF-8' },
      });
      for (const line of plain(help)) expect(lines.has(line), `pooltop ${args.join(' ')}: ${line}`).toBe(true);
    }
    const text = plain(rendered).join('\n');
    for (const command of Object.values(COMMANDS)) expect(text).toContain(`${command.name}`);
    for (const command of Object.values(COMMANDS))
      expect([`${command.name} ${command.summary}`, `${command.name}\n${command.summary}`].some((s) => text.includes(s)), command.name).toBe(true);
  });
});
