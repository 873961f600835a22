import { describe, expect, it } from 'vitest';
import { CaseRunError } from '../../errors.ts';
import { StepRequestError } from './send-step.ts';
import type { ServiceExit, ServiceProcess, ServiceSpec, StartResult } from './service-process.ts';
import { ServiceSupervisor } from './service-supervisor.ts';

const SPEC: ServiceSpec = {
  command: 'node',
  args: ['server.js'],
  cwd: '.',
  env: {},
  readyUrl: 'http://127.0.0.1:4000/health',
  readyTimeoutMs: 1000,
  suite: 'suites/s.yaml',
};
const AT = { caseId: 'phishing', step: 0, request: 'POST http://127.0.0.1:4000/turn' };
const REFUSED = new StepRequestError('step 0: POST … failed: connection refused', false);

/** A service process that runs until the test calls `exit`. */
function fakeProcess(stderr = '') {
  let exited: ServiceExit | undefined;
  let resolve: (exit: ServiceExit) => void = () => {};
  const ended = new Promise<ServiceExit>((r) => {
    resolve = r;
  });
  const process: ServiceProcess = {
    pid: 1,
    ended,
    exited: () => exited,
    stderr: async () => stderr,
    stop: async () => {},
  };
  const exit = (code: number) => {
    exited = { code, signal: null };
    resolve(exited);
  };
  return { process, exit };
}

/** A launcher that hands out `results` in turn and counts its calls. */
function launcher(...results: StartResult[]) {
  const calls: ServiceSpec[] = [];
  const launch = async (spec: ServiceSpec) => {
    calls.push(spec);
    const next = results.shift();
    if (!next) throw new Error('launched more often than the test expected');
    return next;
  };
  return { launch, calls };
}

async function thrown(promise: Promise<unknown>): Promise<CaseRunError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CaseRunError);
  return error as CaseRunError;
}

describe('ServiceSupervisor', () => {
  it('turns a refused request into the exit code and stderr of the service that exited', async () => {
    const first = fakeProcess('FATAL: no model\n');
    const supervisor = new ServiceSupervisor(SPEC, first.process);
    const life = supervisor.life;
    first.exit(3);

    const error = await supervisor.send(life, AT, () => Promise.reject(REFUSED)).catch((e) => e);

    expect(error).toBeInstanceOf(CaseRunError);
    expect((error as CaseRunError).runError).toEqual({
      code: 'adapter.service_exit',
      message: expect.stringMatching(
        /^the service exited with code 3 during step 0 \(POST http:\/\/127\.0\.0\.1:4000\/turn\); its stderr ended with: FATAL: no model\. Fix: /,
      ),
    });
  });

  it('keeps the request error when the service answered, or still runs', async () => {
    const first = fakeProcess();
    const supervisor = new ServiceSupervisor(SPEC, first.process, { exitNoticeMs: 0 });
    const answered = new StepRequestError('step 0: POST … answered 500', true);

    const failed = (e: Error) =>
      supervisor.send(supervisor.life, AT, () => Promise.reject(e)).catch((x) => x);

    expect(await failed(answered)).toBe(answered);
    expect(await failed(REFUSED)).toBe(REFUSED);
    expect(await supervisor.send(supervisor.life, AT, async () => 'answer')).toBe('answer');
  });

  it('names, in each error, the other cases whose requests were unanswered at the exit', async () => {
    const first = fakeProcess('FATAL: no model\n');
    const supervisor = new ServiceSupervisor(SPEC, first.process);
    const life = supervisor.life;
    const rejects: ((e: unknown) => void)[] = [];
    const pending = () =>
      new Promise<never>((_, reject) => {
        rejects.push(reject);
      });
    const answered = supervisor.send(life, { ...AT, caseId: 'quick' }, async () => 'ok');
    const a = supervisor.send(life, { ...AT, caseId: 'a' }, pending).catch((e) => e);
    const b = supervisor.send(life, { ...AT, caseId: 'b', step: 2 }, pending).catch((e) => e);
    await answered;

    first.exit(3);
    for (const reject of rejects) reject(REFUSED);
    const messages = (await Promise.all([a, b])).map((e: CaseRunError) => e.runError.message);

    expect(messages[0]).toMatch(
      /during step 0 \(POST [^)]+\), while requests of 1 other case were in flight too \(b\);/,
    );
    expect(messages[1]).toMatch(
      /during step 2 \(POST [^)]+\), while requests of 1 other case were in flight too \(a\);/,
    );
  });

  it('starts a service that exited again before the next case, once for cases that wait together', async () => {
    const first = fakeProcess();
    const second = fakeProcess();
    const { launch, calls } = launcher({ ok: true, service: second.process });
    const supervisor = new ServiceSupervisor(SPEC, first.process, { launch });
    first.exit(3);

    await Promise.all([supervisor.reserve(), supervisor.reserve()]);
    await supervisor.reserve();

    expect(calls).toEqual([SPEC]);
    expect(supervisor.life.process).toBe(second.process);
  });

  it('fails a case that began on a service that has exited since, at its next step', async () => {
    const first = fakeProcess('FATAL: no model\n');
    const { launch } = launcher({ ok: true, service: fakeProcess().process });
    const supervisor = new ServiceSupervisor(SPEC, first.process, { launch });
    const life = supervisor.life;
    await supervisor.beforeStep(life, 0);
    first.exit(3);
    await supervisor.reserve();

    const error = await thrown(supervisor.beforeStep(life, 1));

    expect(error.runError.message).toMatch(
      /^the service exited with code 3 before step 1 of this case; its stderr ended with: FATAL: no model\./,
    );
    await supervisor.beforeStep(supervisor.life, 0);
  });

  it('when starting it again fails, fails every later case with that reason and tries no more', async () => {
    const first = fakeProcess();
    const failure = {
      why: 'it exited with code 4 before … answered',
      stderr: 'FATAL: corrupt',
      fix: '',
    };
    const { launch, calls } = launcher({ ok: false, failure });
    const supervisor = new ServiceSupervisor(SPEC, first.process, { launch });
    const life = supervisor.life;
    first.exit(3);
    await supervisor.send(life, AT, () => Promise.reject(REFUSED)).catch(() => {});

    const errors = [await thrown(supervisor.reserve()), await thrown(supervisor.reserve())];

    expect(calls).toHaveLength(1);
    expect(errors.map((e) => e.runError.message)).toEqual([
      'the service is no longer running: it exited with code 3 during step 0 of case phishing, and starting it again failed: it exited with code 4 before … answered; its stderr ended with: FATAL: corrupt. Fix: make the service survive every step and start again after it exits',
      errors[0]?.runError.message,
    ]);
  });
});
