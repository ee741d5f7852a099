/**
 * Stands in for Ink's `squash-text-nodes.js` where Ink measures a <Text> (dom.js) and draws it
 * (render-node-to-output.js): Ink joins and sanitises the text of every <Text> on every frame,
 * though a clock tick changes a few of them. The joined text is kept on the text node until its
 * Yoga node is marked dirty, which Ink's dom.js does on every change that reaches the joined text
 * (a text's value, a child added, moved or removed, a nested transform or hiding).
 */
import inkSquashTextNodes from 'ink-squash-text-nodes';

type TextNode = Parameters<typeof inkSquashTextNodes>[0];
interface YogaNode {
  markDirty(): void;
}

const SQUASHED = Symbol('squashed text');
const WATCHED = Symbol('squash cache watches');
type Cached = TextNode & { [SQUASHED]?: string };
type Watched = YogaNode & { [WATCHED]?: true };

export default function squashTextNodes(node: TextNode): string {
  const cached = node as Cached;
  const known = cached[SQUASHED];
  if (known !== undefined) return known;
  const text = inkSquashTextNodes(node);
  const yoga = node.yogaNode as Watched | undefined;
  // Only a node whose changes reach it (an <ink-text>, which has its own Yoga node) is kept.
  if (yoga === undefined) return text;
  if (yoga[WATCHED] === undefined) {
    const markDirty = yoga.markDirty;
    yoga.markDirty = function markDirtyAndForget(this: YogaNode) {
      cached[SQUASHED] = undefined;
      markDirty.call(this);
    };
    yoga[WATCHED] = true;
  }
  cached[SQUASHED] = text;
  return text;
}
