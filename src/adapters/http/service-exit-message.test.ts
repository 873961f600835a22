import { describe, expect, it } from 'vitest';
import { exitedError, goneError } from './service-exit-message.ts';

const FATAL = 'FATAL: phishing classifier model file missing\n';

describe('exitedError', () => {
  it('names the exit code, the step in flight, its request and the end of stderr', () => {
    const error = exitedError({ code: 3, signal: null }, FATAL, {
      step: 0,
      during: true,
      request: 'POST http://127.0.0.1:4000/turn',
      others: [],
    });

    expect(error).toEqual({
      code: 'adapter.service_exit',
      message:
        'the service exited with code 3 during step 0 (POST http://127.0.0.1:4000/turn); its stderr ended with: FATAL: phishing classifier model file missing. Fix: make the service survive this step; Baton starts it again for the next case',
    });
  });

  it('says when the service was gone before the step was sent, killed by a signal, silent', () => {
    const error = exitedError({ code: null, signal: 'SIGKILL' }, '', {
      step: 2,
      during: false,
      others: [],
    });

    expect(error.message).toBe(
      'the service was killed by SIGKILL before step 2 of this case; it wrote nothing to stderr. Fix: make the service survive this step; Baton starts it again for the next case',
    );
  });

  it('names the other cases whose requests were unanswered too, as any of them may be the cause', () => {
    const at = (others: string[]) => ({ step: 1, during: true, others });

    expect(exitedError({ code: 3, signal: null }, FATAL, at(['b'])).message).toBe(
      'the service exited with code 3 during step 1, while requests of 1 other case were in flight too (b); its stderr ended with: FATAL: phishing classifier model file missing. Fix: run with `--concurrency 1` to see which step it exits on, and make the service survive it; Baton starts it again for the next case',
    );
    expect(
      exitedError({ code: 3, signal: null }, FATAL, at(['b', 'c', 'd', 'e', 'f'])).message,
    ).toMatch(/, while requests of 5 other cases were in flight too \(b, c, d and 2 more\);/);
  });
});

describe('goneError', () => {
  it('names the case it exited during and why starting it again failed', () => {
    const restart = {
      why: 'it exited with code 4 before http://127.0.0.1:4000/ answered',
      stderr: 'FATAL: state file is corrupt\n',
      fix: 'Fix the service or adapter.start',
    };

    const error = goneError({ code: 3, signal: null }, { caseId: 'phishing', step: 1 }, restart);

    expect(error).toEqual({
      code: 'adapter.service_exit',
      message:
        'the service is no longer running: it exited with code 3 during step 1 of case phishing, and starting it again failed: it exited with code 4 before http://127.0.0.1:4000/ answered; its stderr ended with: FATAL: state file is corrupt. Fix: make the service survive every step and start again after it exits',
    });
    expect(goneError({ code: 0, signal: null }, undefined, restart).message).toMatch(
      /^the service is no longer running: it exited with code 0 between requests, and starting/,
    );
  });
});
