import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keepYoungGenerationSmall } from '../../src/young-generation.js';

/** Allocates ~100 MB of short-lived objects with a few survivors and prints the young generation's size. */
const PROBE = `
let keep = [];
for (let i = 0; i < 3e6; i++) { keep.push({ a: i, b: 'x' + i }); if (keep.length > 50000) keep = []; }
const ns = require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
console.log(ns.space_size);
`;

function youngGenerationBytes(setup: string): number {
  const run = spawnSync(process.execPath, ['-e', setup + PROBE], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return Number(run.stdout.trim());
}

describe('keepYoungGenerationSmall', () => {
  it('applies on this V8 and stops the young generation from growing under allocation', () => {
    const major = Number.parseInt(process.versions.v8, 10);
    expect(keepYoungGenerationSmall(`${major}.0`)).toBe(true);
    const flag = "require('v8').setFlagsFromString('--semi-space-growth-factor=1');";
    const small = youngGenerationBytes(flag);
    const grown = youngGenerationBytes('');
    expect(small).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(grown).toBeGreaterThan(small);
  });

  it('leaves unknown V8 versions alone (V8 would print an error for an unknown flag)', () => {
    expect(keepYoungGenerationSmall('99.1.2')).toBe(false);
    expect(keepYoungGenerationSmall('')).toBe(false);
  });
});
