export { captureConsole } from './console-capture.js';
export { createFrameWriter, type FrameWriter, type FrameWriterOptions } from './frame-writer.js';
export {
  createPassScheduler,
  type PassScheduler,
  type PassTiming,
  ScheduledPasses,
  useDrawSoon,
} from './pass-scheduler.js';
export { createFullScreenRenderer, type FullScreenOptions, type FullScreenRenderer } from './render.js';
