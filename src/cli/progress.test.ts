import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createProgress } from './progress.ts';

function terminal(isTTY: boolean) {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    }),
    { isTTY, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true },
  );
  return { stream, text: () => text };
}

describe('createProgress', () => {
  test('on a terminal, draws cases done of total and failures so far', () => {
    const t = terminal(true);
    const progress = createProgress({ stream: t.stream, ci: false });

    progress.start(3);
    progress.caseDone('pass');
    progress.caseDone('fail');
    progress.stop();

    expect(t.text()).toMatch(/0\/3 cases · 0 failed · ETA/);
    expect(t.text()).toMatch(/2\/3 cases · 1 failed · ETA/);
  });

  test('writes nothing when not a terminal, or under CI', () => {
    for (const [isTTY, ci] of [
      [false, false],
      [true, true],
    ] as const) {
      const t = terminal(isTTY);
      const progress = createProgress({ stream: t.stream, ci });

      progress.start(2);
      progress.caseDone('error');
      progress.stop();

      expect(t.text()).toBe('');
    }
  });
});
