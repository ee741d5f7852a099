import { memo, type ReactNode } from 'react';

export interface FrozenProps {
  /** While true (before and after), the children are not redrawn. */
  hidden: boolean;
  /** Something in the children animates (a spinner): keep drawing so it can be unmounted. */
  live?: boolean;
  children: ReactNode;
}

function Pass({ children }: FrozenProps) {
  return <>{children}</>;
}

/** Skips re-rendering its children while hidden (they must not read changing context). */
export const Frozen = memo(Pass, (a, b) => a.hidden && b.hidden && !a.live && !b.live);
