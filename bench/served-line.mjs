// `pooltop serve --json` prints one JSON line once it listens (base_url, credentials).

/** Resolves with `{ child, served }` once `child` (a `pooltop serve --json` with piped stdout) prints its line. */
export function servedLine(child) {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('pooltop serve: no start line in 20 s')), 20_000);
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /^(\{.*\})\n/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, served: JSON.parse(m[1]) });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`pooltop serve exited ${code}`));
    });
  });
}
