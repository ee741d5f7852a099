/**
 * How the dashboard alerts (settings, provided by app.tsx) and the status of each alerting value
 * now (provided by the shell, from the watcher's last round): views read the status of the
 * values they show with `useAlertStatus`. The statuses change only when one of them does, so a
 * tick does not re-render the views. The status bar and the `!` overlay get the rest as props.
 */
import { createContext, useContext } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import type { Scope } from '../../alerts/metrics.js';
import { NO_THRESHOLDS, type ThresholdSet } from '../../alerts/thresholds.js';
import { DEFAULT_WATCH, type WatchSettings } from '../../alerts/watch-settings.js';
import { type Alert, alertId } from './alert-state.js';

export interface AlertSettings {
  /** From the preferences file. */
  thresholds: ThresholdSet;
  /** `[watch]`: the watcher's cadence, hold time and worker rules. */
  watch: WatchSettings;
  /** `--notify`: desktop notifications besides the bell. */
  notify: boolean;
  /** Where thresholds are set, for the hint when there are none. */
  preferencesPath?: string;
}

export const NO_ALERTS: AlertSettings = { thresholds: NO_THRESHOLDS, watch: DEFAULT_WATCH, notify: false };

export const AlertSettingsContext = createContext<AlertSettings>(NO_ALERTS);

export function useAlertSettings(): AlertSettings {
  return useContext(AlertSettingsContext);
}

/** Each alert's status by its id. */
export type AlertStatuses = ReadonlyMap<string, Status>;

export const AlertStatusContext = createContext<AlertStatuses>(new Map());

/** The statuses of `alerts`, or `previous` when none of them changed. */
export function statusesOf(alerts: readonly Alert[], previous: AlertStatuses): AlertStatuses {
  const same = alerts.length === previous.size && alerts.every((a) => previous.get(a.id) === a.status);
  return same ? previous : new Map(alerts.map((a) => [a.id, a.status]));
}

/** The status of one value on screen (undefined: no thresholds, or no data to judge). */
export function useAlertStatus(): (scope: Scope, key: string, account?: string) => Status | undefined {
  const statuses = useContext(AlertStatusContext);
  return (scope, key, account) => statuses.get(alertId(scope, key, account));
}
