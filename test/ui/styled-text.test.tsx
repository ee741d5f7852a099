/** A styled string: the same bytes Ink's <Text color bold inverse> writes, so a row can be one Text of one string. */
import chalk from 'chalk';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Style, styled } from '../../src/ui/table/styled-text.js';

const level = chalk.level;
beforeAll(() => {
  chalk.level = 3;
});
afterAll(() => {
  chalk.level = level;
});

const styles: Style[] = [
  {},
  { color: 'green' },
  { color: 'gray', bold: true },
  { color: '#FF8800', inverse: true, bold: true },
  { color: 'ansi256(89)' },
  { color: 'ansi256( 7 )', inverse: true },
  { bold: true, inverse: true },
  { color: 'not-a-colour' },
];

describe('styled', () => {
  it.each(styles.map((s) => [JSON.stringify(s), s] as const))('writes what Ink writes for %s', (_, style) => {
    const ink = render(
      <Text>
        {'› '}
        <Text color={style.color} bold={style.bold} inverse={style.inverse}>
          miner-eu-12
        </Text>
        {' next'}
      </Text>,
    );
    const ours = render(<Text>{`› ${styled('miner-eu-12', style)} next`}</Text>);
    expect(ours.lastFrame()).toBe(ink.lastFrame());
    if (style.color === 'green') expect(ours.lastFrame()).toContain('\x1b[32m');
    ink.unmount();
    ours.unmount();
  });
});
