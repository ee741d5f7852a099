/**
 * Mouse reports that land on one element: the element's place on screen is read from its layout
 * (Ink's Yoga nodes, each placed relative to its parent) when a report arrives, so it is always
 * where the last frame drew it. Positions handed on are relative to the element's top-left cell.
 */
import type { DOMElement } from 'ink';
import type { RefObject } from 'react';
import type { MouseEvent } from '../terminal-reports.js';
import { useMouse } from './use-keypress.js';

export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where `node` is on screen, or undefined when it is not laid out. */
export function screenArea(node: DOMElement | null): Area | undefined {
  const own = node?.yogaNode;
  if (!node || !own) return undefined;
  let left = 0;
  let top = 0;
  for (let at: DOMElement | undefined = node; at; at = at.parentNode) {
    left += at.yogaNode?.getComputedLeft() ?? 0;
    top += at.yogaNode?.getComputedTop() ?? 0;
  }
  return { left, top, width: own.getComputedWidth(), height: own.getComputedHeight() };
}

export function useMouseArea(
  ref: RefObject<DOMElement | null>,
  handler: (event: MouseEvent, at: { x: number; y: number }) => void,
  active = true,
): void {
  useMouse((event) => {
    const area = screenArea(ref.current);
    if (!area) return;
    const x = event.x - area.left;
    const y = event.y - area.top;
    if (x < 0 || y < 0 || x >= area.width || y >= area.height) return;
    handler(event, { x, y });
  }, active);
}
