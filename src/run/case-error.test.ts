import { describe, expect, it } from 'vitest';
import { BatonError } from '../errors.ts';
import { describeRunError } from './case-error.ts';

describe('describeRunError', () => {
  it("shows a BatonError's message as it is: it reads as the problem, not as a class name", () => {
    const error = new BatonError(
      'adapter.options',
      'Failed to start case x: it enters at billing.',
    );

    expect(describeRunError(error)).toEqual({
      code: 'adapter.threw',
      message: 'Failed to start case x: it enters at billing.',
    });
  });

  it("names any other error's class: it is part of what the implementation threw", () => {
    expect(describeRunError(new TypeError('cannot route'))).toEqual({
      code: 'adapter.threw',
      message: 'the adapter threw TypeError: cannot route',
    });
  });
});
