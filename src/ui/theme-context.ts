import { createContext, useContext } from 'react';
import { PLAIN_THEME, type Theme } from '../format/color.js';

export const ThemeContext = createContext<Theme>(PLAIN_THEME);

/** The one theme (see src/format/color.ts); every colour is undefined when colour is off. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
