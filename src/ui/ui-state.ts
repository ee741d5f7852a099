/** Dashboard-wide UI state that views read and a few actions they may take. Provided by app.tsx. */
import { createContext, useContext } from 'react';

export interface UiState {
  paused: boolean;
  /** Show a short message in the status bar for a few seconds ("copied …"). */
  notify: (text: string) => void;
  /** While true, global single-key bindings stand aside (text entry); Ctrl+C still quits. */
  setCapture: (on: boolean) => void;
}

const noop = (): void => {};

export const UiStateContext = createContext<UiState>({
  paused: false,
  notify: noop,
  setCapture: noop,
});

export function useUiState(): UiState {
  return useContext(UiStateContext);
}
