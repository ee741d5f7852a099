/**
 * The one grapheme segmenter, made on first use. The first Intl.Segmenter a process creates
 * loads ICU's break-iterator data (~12 ms here): text that is all narrow characters never needs
 * it, so a dashboard whose first frame is such text starts without paying for it.
 */
let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `text`, in order. */
export function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
}
