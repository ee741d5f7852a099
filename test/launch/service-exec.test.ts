/** How the watcher and the exporter start themselves again with the C allocator's settings. */
import { describe, expect, it } from 'vitest';
import { forgetServiceEnv, SERVICE_MALLOC_ENV, serviceExecPlan, STARTED_AGAIN } from '../../src/launch/service-exec.js';

const launch = (over: Partial<Parameters<typeof serviceExecPlan>[0]> = {}) => ({
  argv: ['/usr/bin/node', '/opt/pooltop/dist/pooltop.cjs', 'watch', '--interval', '60'],
  execArgv: ['--disable-sigusr1'],
  execPath: '/usr/bin/node',
  script: '/opt/pooltop/dist/pooltop.cjs',
  env: { HOME: '/home/ops', PATH: '/usr/bin' } as NodeJS.ProcessEnv,
  platform: 'linux' as NodeJS.Platform,
  canExec: true,
  ...over,
});

describe('serviceExecPlan', () => {
  it('starts the same node, flags, script and arguments again with the settings added and named', () => {
    const plan = serviceExecPlan(launch());
    expect(plan?.file).toBe('/usr/bin/node');
    expect(plan?.args).toEqual([
      '/usr/bin/node',
      '--disable-sigusr1',
      '/opt/pooltop/dist/pooltop.cjs',
      'watch',
      '--interval',
      '60',
    ]);
    expect(plan?.env).toEqual({
      HOME: '/home/ops',
      PATH: '/usr/bin',
      ...SERVICE_MALLOC_ENV,
      [STARTED_AGAIN]: Object.keys(SERVICE_MALLOC_ENV).join(','),
    });
  });

  it('keeps a value the user set, and adds only the others', () => {
    const plan = serviceExecPlan(launch({ env: { MALLOC_TRIM_THRESHOLD_: '0' } }));
    expect(plan?.env.MALLOC_TRIM_THRESHOLD_).toBe('0');
    expect(plan?.env[STARTED_AGAIN]).toBe('MALLOC_MMAP_THRESHOLD_');
    const all = Object.fromEntries(Object.keys(SERVICE_MALLOC_ENV).map((k) => [k, '1']));
    expect(serviceExecPlan(launch({ env: all }))).toBeUndefined();
  });

  it('does nothing once started again, for a one-shot run, without execve or on Windows', () => {
    expect(serviceExecPlan(launch({ env: { [STARTED_AGAIN]: 'MALLOC_MMAP_THRESHOLD_' } }))).toBeUndefined();
    for (const flag of ['--once', '--help', '-h']) {
      expect(serviceExecPlan(launch({ argv: ['node', 'pooltop.cjs', 'watch', flag] }))).toBeUndefined();
    }
    expect(serviceExecPlan(launch({ canExec: false }))).toBeUndefined();
    expect(serviceExecPlan(launch({ platform: 'win32' }))).toBeUndefined();
  });
});

describe('forgetServiceEnv', () => {
  it('takes out what was added and the marker, and keeps what the user set', () => {
    const env: NodeJS.ProcessEnv = {
      MALLOC_MMAP_THRESHOLD_: '32768',
      MALLOC_TRIM_THRESHOLD_: '0',
      [STARTED_AGAIN]: 'MALLOC_MMAP_THRESHOLD_',
      HOME: '/home/ops',
    };
    forgetServiceEnv(env);
    expect(env).toEqual({ MALLOC_TRIM_THRESHOLD_: '0', HOME: '/home/ops' });
  });

  it('never takes out a name that is not one of its settings, and leaves a plain start alone', () => {
    const env: NodeJS.ProcessEnv = { PATH: '/usr/bin', [STARTED_AGAIN]: 'PATH,MALLOC_MMAP_THRESHOLD_' };
    forgetServiceEnv(env);
    expect(env).toEqual({ PATH: '/usr/bin' });
    const plain: NodeJS.ProcessEnv = { MALLOC_MMAP_THRESHOLD_: '1' };
    forgetServiceEnv(plain);
    expect(plain).toEqual({ MALLOC_MMAP_THRESHOLD_: '1' });
  });
});
