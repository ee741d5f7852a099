/** Vocabulary for generated sub-accounts: names that look like what people really type. */

/** ASCII alias stems; the separator of the numeric suffix follows the stem's own style. */
export const ALIAS_STEMS: readonly string[] = [
  'trading_bot',
  'miner-eu',
  'miner-us',
  'miner-asia',
  'arb-desk',
  'market_maker',
  'hedge',
  'savings',
  'payroll',
  'otc-desk',
  'treasury',
  'grid_bot',
  'dca_bot',
  'cold-reserve',
  'staking',
  'research',
  'ops',
  'liquidity',
  'test-account',
  'family',
  'Marketing',
  'HODL',
];

/** Rarer stems outside ASCII (accents, CJK, Cyrillic, an emoji). */
export const ALIAS_STEMS_NON_ASCII: readonly string[] = [
  'café-ops',
  '矿工',
  'Müller-GmbH',
  'trésorerie',
  'майнер',
  'équipe-paris',
  'ñandú-fund',
  'マイニング',
  'moon-bag 🚀',
];

export const EMAIL_LOCALS: readonly string[] = [
  'sergii',
  'maria',
  'ops',
  'team',
  'alex',
  'finance',
  'mining',
  'bot',
  'trader',
  'olena',
  'li.wei',
  'jose',
  'desk',
  'admin',
  'kateryna',
  'noah',
];

export const EMAIL_DOMAINS: readonly string[] = [
  'example.com',
  'example.org',
  'mail.example',
  'corp.example.net',
];

export const STATUSES = [
  ['active', 78],
  ['pending', 10],
  ['blocked', 9],
  // Not in any published list: clients must show unknown values as they come.
  ['frozen', 3],
] as const;

export const KYC_STATUSES = [
  ['verified', 60],
  ['pending', 14],
  ['none', 15],
  ['rejected', 8],
  ['under_review', 3],
] as const;
