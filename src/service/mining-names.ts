/** Vocabulary of the simulated mining accounts: names, fees, watcher links, stratum hosts. */

/** Account names follow the create operation's rule: letters, digits and underscores. */
export const MINING_ACCOUNT_NAMES: readonly string[] = [
  'main_farm',
  'garage_rigs',
  'hosting_kz',
  'texas_site',
  'nordic_hydro',
  'rack_b',
  'solar_shed',
  'office_s9',
  'paraguay_dam',
  'backup_fleet',
  'container_01',
  'immersion_lab',
];

/** Fee percentages as the API writes them. */
export const FEES = [
  ['2.5', 6],
  ['2', 2],
  ['1.5', 1],
] as const;

export const MINING_STRATUM_URLS: readonly string[] = [
  'stratum+tcp://eu1.pool.whitebit.test:3333',
  'stratum+tcp://us1.pool.whitebit.test:3333',
  'stratum+tcp://asia1.pool.whitebit.test:443',
];

export const LINK_NAMES: readonly string[] = [
  'monitoring_link',
  'hosting_partner',
  'family_view',
  'accountant',
  'wall_tv',
];

export const LINK_PERMISSIONS: readonly (readonly string[])[] = [
  ['dashboard'],
  ['dashboard', 'workers'],
  ['dashboard', 'rewards'],
  ['dashboard', 'rewards', 'workers'],
  ['rewards'],
];

export const WATCHER_LINK_BASE = 'https://whitebit.test/mining-pool/watcher-link/';

/** Lifetimes a link is created with (seconds; null = `always`). */
export const LINK_LIFETIMES: readonly (number | null)[] = [null, null, 7 * 86_400, 86_400];

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** A bech32-looking BTC address (`bc1q…`, 42 characters) from a sequence of unit values. */
export function btcAddress(unit: (k: number) => number): string {
  let out = 'bc1q';
  for (let k = 0; k < 38; k++) out += BECH32[Math.floor(unit(k) * BECH32.length)];
  return out;
}

/** Lowercase hex of `length` characters from a sequence of unit values. */
export function hexString(length: number, unit: (k: number) => number): string {
  let out = '';
  for (let k = 0; k < length; k++) out += Math.floor(unit(k) * 16).toString(16);
  return out;
}
