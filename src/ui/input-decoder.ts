/**
 * What the terminal sends that is not a key: SGR mouse reports (`ESC [ < b ; x ; y M|m`, mouse.ts
 * turns them on) and answers to pooltop's own queries (OSC 11, the background colour). Ink cuts a
 * read into its escape sequences and hands each to the input subscription; this decoder takes them
 * before they could be taken for keys (an answer's `11;rgb:…` would otherwise switch to tab 1)
 * and hands the rest to `keypressesOf`. Stateful only across the pieces of one answer. Pure.
 */
import type { Key } from 'ink';
import { type InputEvent, keypressesOf } from './keypress.js';

export interface MouseInput {
  mouse: {
    /** 'left' | 'middle' | 'right', a wheel turn, or 'none' (motion with no button). */
    button: 'left' | 'middle' | 'right' | 'wheel-up' | 'wheel-down' | 'none';
    /** Released ('m'), else pressed or moved. */
    release: boolean;
    /** Moving with a button held (or none), not a press. */
    motion: boolean;
    /** Zero-based cell. */
    x: number;
    y: number;
  };
}

/** The body of an OSC answer from the terminal, between `ESC ]` and BEL or `ESC \`. */
export interface ReplyInput {
  reply: string;
}

export type DecodedInput = InputEvent | MouseInput | ReplyInput;

export function isMouse(event: DecodedInput): event is MouseInput {
  return 'mouse' in event;
}

export function isReply(event: DecodedInput): event is ReplyInput {
  return 'reply' in event;
}

const SGR_MOUSE = /^\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;
/** An answer longer than this is not one of ours: what was read goes back to being keys. */
const MAX_REPLY = 64;
const BEL = '\x07';

export function parseSgrMouse(input: string): MouseInput | undefined {
  const m = SGR_MOUSE.exec(input);
  if (!m) return undefined;
  const code = Number(m[1]);
  const low = code & 3;
  const wheel = (code & 64) !== 0;
  const button = wheel
    ? low === 0
      ? 'wheel-up'
      : 'wheel-down'
    : low === 3
      ? 'none'
      : ((['left', 'middle', 'right'] as const)[low] ?? 'none');
  return {
    mouse: {
      button,
      release: m[4] === 'm',
      motion: (code & 32) !== 0,
      x: Math.max(0, Number(m[2]) - 1),
      y: Math.max(0, Number(m[3]) - 1),
    },
  };
}

export interface InputDecoder {
  decode(input: string, key: Key): DecodedInput[];
}

export function createInputDecoder(): InputDecoder {
  // The text of an OSC answer read so far; undefined when not inside one.
  let reply: string | undefined;
  const keys = (input: string, key: Key): DecodedInput[] => keypressesOf(input, key);
  return {
    decode(input, key) {
      if (reply !== undefined) {
        // ST (`ESC \`) ends an answer as BEL does.
        if (key.meta && input === '\\') {
          const body = reply;
          reply = undefined;
          return [{ reply: body }];
        }
        // An answer's body starts with its number (`11;`); typed text is given back.
        const plain =
          !key.meta &&
          !key.ctrl &&
          !key.escape &&
          !key.return &&
          !key.tab &&
          (reply !== '' || /^\d/.test(input));
        const end = input.indexOf(BEL);
        if (plain && end === -1 && reply.length + input.length <= MAX_REPLY) {
          reply += input;
          return [];
        }
        if (plain && end !== -1 && reply.length + end <= MAX_REPLY) {
          const body = reply + input.slice(0, end);
          reply = undefined;
          const rest = input.slice(end + 1);
          return [{ reply: body }, ...(rest ? keys(rest, key) : [])];
        }
        // Not an answer after all: what it held was typed.
        const held = reply;
        reply = undefined;
        return [
          ...keypressesOf(']', { ...key, meta: true }),
          ...keys(held, { ...key, meta: false }),
          ...keys(input, key),
        ];
      }
      const mouse = input.startsWith('[<') ? parseSgrMouse(input) : undefined;
      if (mouse) return [mouse];
      // `ESC ]` starts an answer (OSC); Ink hands it over as Alt+].
      if (key.meta && input === ']') {
        reply = '';
        return [];
      }
      return keys(input, key);
    },
  };
}
