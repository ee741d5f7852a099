/**
 * The full-screen renderer: Ink's reconciler and layout, with this package's output pass
 * (./output/, swapped in by patches/ink-output-redirects.mjs), whole frames handed to the frame writer
 * (only changed line tails reach the terminal), passes scheduled by ./pass-scheduler.tsx, and
 * console output captured while the screen is drawn.
 */
import { type Instance, render as inkRender, type RenderOptions } from 'ink';
import type { ReactNode } from 'react';
import { captureConsole } from './console-capture.js';
import { createFrameWriter } from './frame-writer.js';
import { createPassScheduler, type PassTiming, ScheduledPasses } from './pass-scheduler.js';

export interface FullScreenOptions extends PassTiming {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  /** Applied to every line before it is drawn (e.g. pure ASCII for a terminal that is not UTF-8). */
  mapLine?: (line: string) => string;
  /** Lines of console output kept while captured (default 100); 0 leaves the console alone. */
  consoleLines?: number;
  /** Frames go here instead of the screen (./frame-writer.ts). */
  onFrame?: (frame: string) => void;
}

export interface FullScreenRenderer {
  /** Draws `tree`; Ink's own options minus those the renderer owns. */
  render(
    tree: ReactNode,
    options?: Omit<RenderOptions, 'stdout' | 'stdin' | 'debug' | 'patchConsole'>,
  ): Instance;
  /** Clears the screen and draws the frame whole again (Ctrl+L, after a suspend). */
  repaint(): void;
  /** Draws the pending frame now (call before leaving the alternate screen). */
  flush(): void;
  /**
   * The one way for bytes that are not a frame (clipboard, bell, notifications) to reach the
   * terminal: sent now, between two frames, never inside one; dropped after `close()`.
   */
  writeOutOfBand(bytes: string): void;
  /** Stops writing and gives the console back; returns the console lines captured meanwhile. */
  close(): string[];
}

/** Starts capturing the console and the screen's frame state; `render` draws into it. */
export function createFullScreenRenderer(options: FullScreenOptions): FullScreenRenderer {
  const frames = createFrameWriter(options.stdout, { mapLine: options.mapLine, onFrame: options.onFrame });
  const lines = options.consoleLines ?? 100;
  const releaseConsole = lines > 0 ? captureConsole(lines) : () => [];
  const scheduler = createPassScheduler(options);
  return {
    render: (tree, inkOptions) =>
      inkRender(<ScheduledPasses scheduler={scheduler}>{tree}</ScheduledPasses>, {
        ...inkOptions,
        // Ink writes whole frames (debug mode) into the frame writer, which sends only the lines
        // that changed.
        stdout: frames as unknown as NodeJS.WriteStream,
        stdin: options.stdin,
        debug: true,
        patchConsole: false,
      }),
    repaint: () => frames.repaint(),
    flush: () => frames.flush(),
    writeOutOfBand: (bytes) => frames.writeOutOfBand(bytes),
    close: () => {
      frames.destroy();
      return releaseConsole();
    },
  };
}
