/**
 * How the dashboard alerts: thresholds, the watcher's settings and `--notify`, provided by app.tsx.
 * The status of each value comes from the watcher (use-alert-status.ts).
 */
import { createContext, useContext } from 'react';
import { NO_THRESHOLDS, type ThresholdSet } from '../../alerts/thresholds.js';
import { DEFAULT_WATCH, type WatchSettings } from '../../alerts/watch-settings.js';

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
