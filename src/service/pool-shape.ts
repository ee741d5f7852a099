/**
 * `--pool-shape`: the three shapes the real mining-pool overview is known to come in
 * (per the vendor's documentation, old and new, and the live API), so a client can be tried against each:
 * - `snake`: `{"data": {connection_links, …}}`, the current documentation (the default);
 * - `camel`: `{"data": {connectionLinks, …}}`, one pool as a camelCase object (the live API in 2025);
 * - `camel-array`: `{"data": [{connectionLinks, …}]}`, the older documentation.
 */
export const POOL_SHAPES = ['snake', 'camel', 'camel-array'] as const;
export type PoolShape = (typeof POOL_SHAPES)[number];

const CAMEL: Readonly<Record<string, string>> = {
  connection_links: 'connectionLinks',
  reward_schemes: 'rewardSchemes',
  current_hash_rate: 'currentHashRate',
  last7days_hash_rate: 'last7daysHashRate',
  block_found_at: 'blockFoundAt',
  block_height: 'blockHeight',
};

function camelKeys(item: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [CAMEL[key] ?? key, value]));
}

/** The `data` member of the answer for `overview` (a snake_case object) in `shape`. */
export function shapeOverview(overview: Record<string, unknown>, shape: PoolShape): unknown {
  if (shape === 'snake') return overview;
  const camel = camelKeys(overview);
  if (Array.isArray(overview.blocks)) {
    camel.blocks = overview.blocks.map((b: unknown) =>
      b !== null && typeof b === 'object' ? camelKeys(b) : b,
    );
  }
  return shape === 'camel' ? camel : [camel];
}
