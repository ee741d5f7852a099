/** The Mining tab's one request queue (api/request-queue.ts), shared by every hook under the tab. */
import { createContext, useContext } from 'react';
import type { RequestQueue } from '../../api/request-queue.js';

export const MiningQueueContext = createContext<RequestQueue | null>(null);

export function useMiningQueue(): RequestQueue {
  const queue = useContext(MiningQueueContext);
  if (!queue) throw new Error('useMiningQueue outside the Mining tab');
  return queue;
}
