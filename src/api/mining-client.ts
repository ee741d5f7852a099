/**
 * The eight Mining Pool read operations on top of the client's signed call: check the query,
 * sign and send it, normalise the answer. Never an operation that creates or changes anything.
 */
import { checkMiningQuery, type MiningFields } from './mining-checks.js';
import {
  parseAccountHashRate,
  parseMinerInfo,
  parseMiningAccounts,
  parseMiningRewards,
  parsePayoutDestination,
  parseWatcherLinks,
  parseWorkerHashRate,
  parseWorkerNames,
} from './mining-schemas.js';
import {
  MINING_PATHS,
  type MiningApi,
  REWARDS_LIMIT_DEFAULT,
  WORKERS_LIMIT_DEFAULT,
} from './mining-types.js';
import { capList } from './page-bounds.js';
import type { DegradationSink } from './parse-policy.js';
import type { CallOptions } from './call-options.js';

export type SignedCall = <T>(
  path: string,
  fields: MiningFields,
  read: (body: unknown) => T,
  opts: CallOptions | undefined,
) => Promise<T>;

/** The operation takes no paging; an answer that does not echo its own is read as the vendor's example (30). */
const ACCOUNTS_PAGE = { limit: 30, offset: 0 };

/**
 * `now` is the client's clock (ms), against which `from`/`to` are checked; `sink` gives where each
 * path's degradations go (parse-policy.ts). A refused query is a rejected promise, like any failure.
 */
export function createMiningApi(
  call: SignedCall,
  now: () => number,
  sink: (path: string) => DegradationSink | undefined = () => undefined,
): MiningApi {
  const check = (query: object, required: ('account' | 'worker')[] = ['account']) =>
    checkMiningQuery(query, { required, nowMs: now() });
  const paged = (fields: MiningFields, limit: number) => {
    const asked = {
      limit: (fields.limit as number | undefined) ?? limit,
      offset: (fields.offset as number | undefined) ?? 0,
    };
    return { fields: { ...fields, ...asked }, asked };
  };
  /** One signed call whose answer is read with its path's sink. */
  const send = <T>(
    path: string,
    fields: MiningFields,
    read: (body: unknown, report: DegradationSink | undefined) => T,
    opts: CallOptions | undefined,
  ) => {
    const report = sink(path);
    return call(path, fields, (body) => read(body, report), opts);
  };

  return {
    async accounts(query = {}, opts) {
      const fields = check({ name: query.name }, []);
      return send(MINING_PATHS.accounts, fields, (b, r) => parseMiningAccounts(b, ACCOUNTS_PAGE, r), opts);
    },
    async minerInfo(query, opts) {
      return send(MINING_PATHS.minerInfo, check({ account: query.account }), parseMinerInfo, opts);
    },
    async hashrate(query, opts) {
      const { account, interval, from, to } = query;
      return send(MINING_PATHS.hashrate, check({ account, interval, from, to }), parseAccountHashRate, opts);
    },
    async workerNames(query, opts) {
      const { account, limit, offset } = query;
      const { fields, asked } = paged(check({ account, limit, offset }), WORKERS_LIMIT_DEFAULT);
      const read = (b: unknown, r: DegradationSink | undefined) =>
        parseWorkerNames(capList(b, ['data', 'workers'], asked.limit, r), asked, r);
      return send(MINING_PATHS.workerNames, fields, read, opts);
    },
    async workerHashrate(query, opts) {
      const { account, worker, interval, from, to } = query;
      const fields = check({ account, worker, interval, from, to }, ['account', 'worker']);
      return send(
        MINING_PATHS.workerHashrate,
        fields,
        (b, r) => parseWorkerHashRate(b, { account, worker }, r),
        opts,
      );
    },
    async rewards(query = {}, opts) {
      const { account, from, to, limit, offset } = query;
      const { fields, asked } = paged(check({ account, from, to, limit, offset }, []), REWARDS_LIMIT_DEFAULT);
      const read = (b: unknown, r: DegradationSink | undefined) =>
        parseMiningRewards(capList(b, ['data'], asked.limit, r), asked, r);
      return send(MINING_PATHS.rewards, fields, read, opts);
    },
    async payoutDestination(query, opts) {
      // The one operation whose account field is called `accountName`.
      const { account } = check({ account: query.account });
      return send(MINING_PATHS.payoutDestination, { accountName: account }, parsePayoutDestination, opts);
    },
    async watcherLinks(query, opts) {
      return send(MINING_PATHS.watcherLinks, check({ account: query.account }), parseWatcherLinks, opts);
    },
  };
}
