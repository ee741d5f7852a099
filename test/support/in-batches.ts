/** Runs `jobs` at most `limit` at a time (each is often a Node process loading the whole bundle). */
export async function inBatches<T>(jobs: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await (jobs[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}
