/**
 * The one grapheme segmenter, made on first use: the first Intl.Segmenter a process creates
 * loads ICU's break-iterator data, which text of narrow characters only never needs.
 */
let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `text`, in order. */
export function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
}
