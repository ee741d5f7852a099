/**
 * The queue the Mining tab's hooks start their requests through: the dashboard's one queue
 * (`DashboardContext`), no context of its own.
 */
import type { RequestQueue } from '../../api/request-queue.js';
import { useDashboard } from '../dashboard-context.js';

export function useMiningQueue(): RequestQueue {
  return useDashboard().queue;
}
