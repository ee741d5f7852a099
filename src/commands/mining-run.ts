/**
 * `pooltop mining accounts|fleet|info|hashrate|workers|worker|rewards|payout|links`: one signed read
 * (plus one `accounts` call when the account must be found), then `--json` (the answer's data,
 * normalised: hash rates in H/s, times in Unix seconds) or a small table.
 *
 * The account: `--account`, else WHITEBIT_MINING_ACCOUNT, else `mining_account` in the profile
 * (resolved with the other settings), else the key's only mining account, else an error that
 * lists them. With `--demo`: `--account`, else the demo's newest account.
 */
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { accountNotFoundText, isAccountNotFound } from '../api/account-not-found.js';
import { WORKERS_LIMIT_DEFAULT } from '../api/mining-types.js';
import type { CommandContext } from './support/context.js';
import { whereToGive } from '../config/settings-meta.js';
import { KEEP_UNICODE, sanitize } from '../format/sanitize.js';
import type { CommandIO } from './support/io.js';
import { toSafeJson } from './json-output.js';
import type { MiningRequest } from './mining-args.js';
import {
  accountsText,
  hashRateText,
  infoText,
  linksText,
  payoutText,
  rewardsText,
  workersText,
  workerText,
} from './mining-text.js';

/** Names listed in the "which account?" error before it says how many more there are. */
const NAMES_SHOWN = 10;

export async function runMining(ctx: CommandContext, io: CommandIO, req: MiningRequest): Promise<number> {
  try {
    return await readMining(ctx, io, req);
  } catch (err) {
    throw await withAccountsHint(err, ctx, io.signal);
  }
}

/**
 * An account name the key does not have is said in pooltop's words, with the names it does have
 * (one more request) and where to choose; other errors pass unchanged.
 */
export async function withAccountsHint(
  err: unknown,
  ctx: CommandContext,
  signal: AbortSignal,
): Promise<unknown> {
  if (!isPooltopError(err) || !isAccountNotFound(err)) return err;
  let names: string[] | undefined;
  try {
    names = (await ctx.client.mining.accounts({}, { signal })).items.map((a) => a.name);
  } catch {
    names = undefined;
  }
  const { status, code, fields, detail } = err;
  const account = ctx.config.miningAccount ?? '';
  // The demo has no config file: only the flag applies there.
  const where = ctx.config.configPath ? whereToGive('miningAccount', ctx.config) : '--account';
  const choose = names && names.length > 0 ? `; choose one with ${where}` : '';
  return new PooltopError('validation', `${accountNotFoundText(account, names)}${choose}`, {
    status,
    code,
    fields,
    detail,
    cause: err,
  });
}

async function readMining(ctx: CommandContext, io: CommandIO, req: MiningRequest): Promise<number> {
  const mining = ctx.client.mining;
  const call = { signal: io.signal };
  const out = (data: unknown, human: () => string) =>
    io.stdout(req.json ? `${toSafeJson(data, io.terminal)}\n` : human());

  if (req.sub === 'accounts') {
    const page = await mining.accounts({}, call);
    out(page.items, () => accountsText(page.items, Date.now(), io.terminal));
    return 0;
  }
  if (req.sub === 'fleet') {
    const { runFleet } = await import('./mining-fleet.js');
    await runFleet(ctx, io, req.json);
    return 0;
  }
  if (req.sub === 'rewards' && req.allAccounts) {
    await readRewards(ctx, io, req, undefined);
    return 0;
  }
  const account = await resolveMiningAccount(ctx, io.signal);
  const window = { from: req.from, to: req.to };
  switch (req.sub) {
    case 'info': {
      const info = await mining.minerInfo({ account }, call);
      out(info, () => infoText(account, info, io.terminal));
      break;
    }
    case 'hashrate': {
      const series = await mining.hashrate({ account, interval: req.interval, ...window }, call);
      out(series, () => hashRateText(account, series, req.interval ?? '1h', io.terminal));
      break;
    }
    case 'workers': {
      if (req.gone) {
        const { runGone } = await import('./mining-gone.js');
        await runGone(ctx, io, account, req.json);
        break;
      }
      const page = await mining.workerNames(
        { account, limit: req.limit ?? WORKERS_LIMIT_DEFAULT, offset: req.offset },
        call,
      );
      out({ workers: page.items }, () => workersText(account, page, io.terminal));
      break;
    }
    case 'worker': {
      const worker = req.worker ?? '';
      const series = await mining.workerHashrate(
        { account, worker, interval: req.interval, ...window },
        call,
      );
      out(series, () => workerText(series, req.interval ?? '1h', io.terminal));
      break;
    }
    case 'rewards':
      await readRewards(ctx, io, req, account);
      break;
    case 'payout': {
      const payout = await mining.payoutDestination({ account }, call);
      out(payout, () => payoutText(account, payout, io.terminal));
      break;
    }
    case 'links': {
      const links = await mining.watcherLinks({ account }, call);
      out(links, () => linksText(account, links, Date.now(), io.terminal));
      break;
    }
  }
  return 0;
}

/** Every page of the window (for the books), or the one page --limit/--offset asks for. */
async function readRewards(
  ctx: CommandContext,
  io: CommandIO,
  req: MiningRequest,
  account: string | undefined,
): Promise<void> {
  if (req.books) {
    const { runRewardsBooks } = await import('./mining-rewards.js');
    return runRewardsBooks(ctx, io, req, req.books, account);
  }
  const { limit, offset, from, to } = req;
  const page = await ctx.client.mining.rewards({ account, limit, offset, from, to }, { signal: io.signal });
  io.stdout(
    req.json
      ? `${toSafeJson(page.items, io.terminal)}\n`
      : rewardsText(account ?? 'any account of this key', page, io.terminal),
  );
}

/** The configured account, else the key's only one; several or none is a one-line error. */
export async function resolveMiningAccount(ctx: CommandContext, signal: AbortSignal): Promise<string> {
  const configured = ctx.config.miningAccount;
  if (configured) return configured;
  const { items } = await ctx.client.mining.accounts({}, { signal });
  const only = items.length === 1 ? items[0] : undefined;
  if (only) return only.name;
  if (items.length === 0) {
    throw new PooltopError(
      'api',
      'this API key has no mining accounts (mining accounts are created on whitebit.com)',
    );
  }
  const names = items.slice(0, NAMES_SHOWN).map((a) => sanitize(a.name, KEEP_UNICODE));
  const more = items.length > NAMES_SHOWN ? ` and ${items.length - NAMES_SHOWN} more` : '';
  throw new PooltopError(
    'config',
    `this API key has ${items.length} mining accounts (${names.join(', ')}${more}): choose one with ${whereToGive('miningAccount', ctx.config)}`,
  );
}
