/**
 * How the dashboard alerts (settings, provided by app.tsx) and what is alerting now (provided by
 * the shell, which evaluates once a second): views read the status of the values they show with
 * `useAlertStatus`, the status bar and the `!` overlay read the rest.
 */
import { createContext, useContext } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import type { Scope } from '../../alerts/metrics.js';
import { NO_THRESHOLDS, type ThresholdSet } from '../../alerts/thresholds.js';
import { type Alert, type AlertChange, alertId } from './alert-state.js';
import type { Multiplexer } from '../../terminal/capabilities.js';

export interface AlertSettings {
  /** From the preferences file. */
  thresholds: ThresholdSet;
  /** `--notify`: desktop notifications besides the bell. */
  notify: boolean;
  /** Wraps the notification sequences so they pass through it. */
  multiplexer?: Multiplexer;
  /** Where thresholds are set, for the hint when there are none. */
  preferencesPath?: string;
}

export const NO_ALERTS: AlertSettings = { thresholds: NO_THRESHOLDS, notify: false };

export const AlertSettingsContext = createContext<AlertSettings>(NO_ALERTS);

export function useAlertSettings(): AlertSettings {
  return useContext(AlertSettingsContext);
}

export interface AlertsState {
  /** Every metric with thresholds, evaluated now. */
  alerts: readonly Alert[];
  /** WARNING and CRITICAL ones, worst first. */
  active: readonly Alert[];
  /** Every change of state since start, oldest first (bounded). */
  history: readonly AlertChange[];
}

export const EMPTY_ALERTS: AlertsState = { alerts: [], active: [], history: [] };

export const AlertsContext = createContext<AlertsState>(EMPTY_ALERTS);

export function useAlertsState(): AlertsState {
  return useContext(AlertsContext);
}

/** The status of one value on screen (undefined: no thresholds, or no data to judge). */
export function useAlertStatus(): (scope: Scope, key: string, account?: string) => Status | undefined {
  const { alerts } = useAlertsState();
  return (scope, key, account) => alerts.find((a) => a.id === alertId(scope, key, account))?.status;
}
