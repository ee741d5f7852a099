/**
 * The four oversight read operations on top of the client's signed call: check the query, sign
 * and send it, normalise the answer. There is deliberately no method for any of the vendor's
 * operations that change something (create, edit, delete, reset, block, transfer, confirm).
 */
import { isPooltopError } from '../errors/pooltop-error.js';
import type { CallOptions } from './call-options.js';
import type { SignedCall } from './mining-client.js';
import { checkOversightQuery } from './oversight-checks.js';
import { parseApiKeys, parseIpAddresses, parseTransfers, parseWithdrawals } from './oversight-schemas.js';
import { OVERSIGHT_LIMIT_DEFAULT, OVERSIGHT_PATHS, type OversightApi } from './oversight-types.js';
import { capList } from './page-bounds.js';
import type { DegradationSink } from './parse-policy.js';

const asked = (fields: Record<string, unknown>) => ({
  limit: fields.limit as number,
  offset: fields.offset as number,
});

export function createOversightApi(
  call: SignedCall,
  sink: (path: string) => DegradationSink | undefined = () => undefined,
): OversightApi {
  const send = <T>(
    path: string,
    fields: Record<string, string | number | undefined>,
    read: (body: unknown, report: DegradationSink | undefined) => T,
    opts: CallOptions | undefined,
  ) => {
    const report = sink(path);
    return call(path, fields, (body) => read(body, report), opts);
  };
  const paged = { paged: true, defaultLimit: OVERSIGHT_LIMIT_DEFAULT } as const;

  return {
    async apiKeys(query, opts) {
      const fields = checkOversightQuery(query, {
        ...paged,
        ids: [{ name: 'subAccountId', required: true }],
        what: 'API key list',
      });
      const a = asked(fields);
      return send(
        OVERSIGHT_PATHS.apiKeys,
        fields,
        (b, r) => parseApiKeys(capList(b, ['data'], a.limit, r), a, r),
        opts,
      );
    },
    async ipAddresses(query, opts) {
      const fields = checkOversightQuery(query, {
        paged: false,
        defaultLimit: OVERSIGHT_LIMIT_DEFAULT,
        ids: [{ name: 'apiKeyId', required: true }],
        what: 'IP address list',
      });
      return send(OVERSIGHT_PATHS.ipAddresses, fields, parseIpAddresses, opts);
    },
    async transfers(query, opts) {
      const fields = checkOversightQuery(query, {
        ...paged,
        capped: true,
        direction: true,
        ids: [{ name: 'id', required: true }],
        what: 'transfer history',
      });
      const a = asked(fields);
      return send(
        OVERSIGHT_PATHS.transfers,
        fields,
        (b, r) => parseTransfers(capList(b, ['data'], a.limit, r), a, r),
        opts,
      );
    },
    async unconfirmedWithdrawals(query = {}, opts) {
      const fields = checkOversightQuery(query, {
        ...paged,
        ids: [{ name: 'subAccountId', required: false }],
        what: 'unconfirmed withdrawals',
      });
      const a = asked(fields);
      try {
        const page = await send(
          OVERSIGHT_PATHS.unconfirmedWithdrawals,
          fields,
          (b, r) => parseWithdrawals(capList(b, ['data'], a.limit, r), a, r),
          opts,
        );
        return { enabled: true, page };
      } catch (err) {
        // The vendor: a 404 means the operation is not enabled for this account.
        if (isPooltopError(err) && err.status === 404) return { enabled: false };
        throw err;
      }
    },
  };
}
