// Runs a bench child process (node FILE args) with a hard time limit and parses the JSON line
// it prints last. The child is killed on timeout and when the bench exits.
import { spawn } from 'node:child_process';
import { childEnv } from './pty.mjs';

const live = new Set();

export function runJsonChild(file, args, { timeoutMs, env = childEnv(), nodeArgs = [] }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, file, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out = (out + d).slice(-4_000_000);
    });
    child.stderr.on('data', (d) => {
      err = (err + d).slice(-20_000);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file}: timed out after ${Math.round(timeoutMs / 1000)} s; stderr: ${clean(err)}`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code ?? signal}`);
        resolve(JSON.parse(line));
      } catch (error) {
        reject(new Error(`${file}: ${error.message}; stderr: ${clean(err)}`));
      }
    });
  });
}

function clean(text) {
  // Drop escape sequences and minified source lines that a crash may print.
  return text
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
    .split('\n')
    .filter((l) => l.trim() && l.length < 300)
    .slice(0, 8)
    .join(' | ');
}

export function killAllChildren() {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
