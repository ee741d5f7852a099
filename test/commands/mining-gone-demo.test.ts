import { describe, expect, it } from 'vitest';
import { demoHistory } from '../../src/commands/mining-gone.js';
import { goneWorkers, updateSeen } from '../../src/config/seen-workers.js';
import { createMiningModel } from '../../src/service/mining-model.js';
import { resolveOptions } from '../../src/service/options.js';

// `mining workers --gone --demo` is a documented example: it must show a gone worker at any
// moment, not only when the model happens to have one away.
describe('the demo memory of workers', () => {
  const o = resolveOptions();
  const model = createMiningModel({ seed: o.seed, accounts: o.miningAccounts, workers: o.workers, startMs: 0 });
  const account = model.accounts[0]!.name;
  const fleet = model.accounts[0]!.fleet;
  const start = Date.UTC(2026, 10, 28) / 1000;

  it('holds a gone worker at every minute of a day, the retired rig among them', async () => {
    let withoutModelGone = 0;
    for (let now = start; now < start + 86_400; now += 120) {
      const names = fleet.snapshot(now).connected.map((i) => fleet.nameOf(i));
      const gone = goneWorkers(updateSeen(await demoHistory(account, now), { complete: true, names }, now), now);
      const retired = gone.find((g) => g.name === fleet.nameOf(fleet.size));
      expect(retired?.goneFor, String(now)).toBeGreaterThanOrEqual(2 * 3600);
      if (gone.length === 1) withoutModelGone += 1;
    }
    // The reason for the retired rig: the model alone leaves minutes with nobody gone.
    expect(withoutModelGone).toBeGreaterThan(0);
  });

  it('never lists the retired rig', () => {
    for (let now = start; now < start + 86_400; now += 97) {
      expect(fleet.snapshot(now).connected).not.toContain(fleet.size);
    }
  });
});
