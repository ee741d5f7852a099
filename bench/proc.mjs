// Reads CPU time and resident memory of another process from /proc (Linux only).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let clockTicks;
/** Kernel clock ticks per second (USER_HZ), usually 100. */
export function ticksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks =
        Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 2000 }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime + stime of `pid` in milliseconds, or undefined when the process is gone. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) may contain spaces and parentheses: split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime is field 14, stime field 15.
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / ticksPerSecond();
  } catch {
    return undefined;
  }
}

/**
 * CPU time of `pid`'s threads in milliseconds, to the nanosecond (schedstat, where /proc/<pid>/stat
 * counts 10 ms ticks), or undefined when the process is gone. Threads already ended are not counted.
 */
export function threadsCpuMs(pid) {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended meanwhile.
      }
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** A `/proc/PID/status` field in kB (VmRSS, VmHWM), in bytes, or undefined when the process is gone. */
function statusBytes(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** VmRSS of `pid` in bytes, or undefined when the process is gone. */
export function rssBytes(pid) {
  return statusBytes(pid, 'VmRSS');
}

/** VmHWM of `pid` in bytes (the highest RSS since it started, between samples too), or undefined. */
export function hwmBytes(pid) {
  return statusBytes(pid, 'VmHWM');
}
