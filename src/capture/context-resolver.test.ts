import { describe, expect, it } from 'vitest';
import { createCapture } from './capture.ts';
import { contextResolver } from './context-resolver.ts';

// Installs the context manager a run has: `run` scopes what `read` sees.
createCapture();

describe('contextResolver', () => {
  const who = contextResolver('baton.test.resolver');

  it('answers inside its scope only, the innermost resolver winning, across awaits', async () => {
    expect(who.read()).toBeUndefined();
    await who.run(
      () => 'outer',
      async () => {
        await Promise.resolve();
        expect(who.read()).toBe('outer');
        expect(
          who.run(
            () => 'inner',
            () => who.read(),
          ),
        ).toBe('inner');
        expect(who.read()).toBe('outer');
      },
    );
    expect(who.read()).toBeUndefined();
  });

  it('answers nothing for a resolver that throws or has no name to give', () => {
    const broken = () => {
      throw new Error('framework context unreadable');
    };
    expect(who.run(broken, () => who.read())).toBeUndefined();
    expect(
      who.run(
        () => '',
        () => who.read(),
      ),
    ).toBeUndefined();
    expect(
      who.run(
        () => undefined,
        () => who.read(),
      ),
    ).toBeUndefined();
  });

  it('keeps two questions apart', () => {
    const other = contextResolver('baton.test.other');
    expect(
      who.run(
        () => 'refunds',
        () => other.read(),
      ),
    ).toBeUndefined();
  });
});
