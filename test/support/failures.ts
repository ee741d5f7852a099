import { isPooltopError, type PooltopError } from '../../src/errors/pooltop-error.js';

/** The PooltopError a promise rejects with; anything else (or success) fails the test. */
export async function failure(p: Promise<unknown>): Promise<PooltopError> {
  try {
    await p;
  } catch (e) {
    if (isPooltopError(e)) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

/** The PooltopError a function throws; anything else (or a return) fails the test. */
export function thrown(fn: () => unknown): PooltopError {
  try {
    fn();
  } catch (e) {
    if (isPooltopError(e)) return e;
    throw e;
  }
  throw new Error('expected a failure');
}
