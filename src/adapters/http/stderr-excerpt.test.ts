import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStderr, stderrExcerpt } from './stderr-excerpt.ts';

/** The stderr of `node <a file that does not exist>`, as this Node writes it. */
function missingModuleStderr(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file], (_error, _stdout, stderr) => resolve(stderr));
  });
}

describe('stderrExcerpt', () => {
  it("keeps Node's `Cannot find module` line, which a tail of the output loses", async () => {
    const missing = join(process.cwd(), 'no-such-folder', 'serverr.js');
    const stderr = await missingModuleStderr(missing);

    expect(stderr).toContain('requireStack');
    expect(stderrExcerpt(stderr)).toBe(
      `Error: Cannot find module '${missing}' | code: 'MODULE_NOT_FOUND', | requireStack: []`,
    );
  });

  it('shows the first error line and the last three, with … between them for the lines left out', () => {
    const stderr = [
      'starting desk',
      'TypeError: cannot read the policy',
      'retrying',
      'still retrying',
      'giving up',
      'bye',
    ].join('\n');

    expect(stderrExcerpt(stderr)).toBe(
      'TypeError: cannot read the policy | … | still retrying | giving up | bye',
    );
  });

  it('keeps the last three lines, without stack frames or the Node banner', () => {
    const stderr = [
      'file:///srv/server.ts:10',
      "    throw new Error('boom')",
      '    ^',
      '',
      'Error: boom',
      '    at file:///srv/server.ts:10:11',
      '    at ModuleJob.run (node:internal/modules/esm/module_job:1:1)',
      '',
      'Node.js v20.19.0',
    ].join('\n');

    expect(stderrExcerpt(stderr)).toBe(
      "file:///srv/server.ts:10 | throw new Error('boom') | Error: boom",
    );
  });

  it('shows only the last three lines when none reads like an error, and cuts long lines', () => {
    const long = 'x'.repeat(250);

    expect(stderrExcerpt(['one', 'two', 'three', long].join('\n'))).toBe(
      `two | three | ${'x'.repeat(200)}…`,
    );
  });

  it('finds Python tracebacks, FATAL lines and `error:` in a log line', () => {
    const python = [
      'Traceback (most recent call last):',
      '  File "/srv/app.py", line 3, in <module>',
      '    import flask',
      "ModuleNotFoundError: No module named 'flask'",
    ].join('\n');

    expect(stderrExcerpt(python)).toBe(
      "Traceback (most recent call last): | import flask | ModuleNotFoundError: No module named 'flask'",
    );
    expect(stderrExcerpt('a\nb\nFATAL: no model\nc\nd\ne')).toBe('FATAL: no model | c | d | e');
    expect(stderrExcerpt('a\n12:00 app error: disk full\nc\nd\ne')).toBe(
      '12:00 app error: disk full | c | d | e',
    );
  });
});

describe('describeStderr', () => {
  it('is a sentence, or says nothing was written', () => {
    expect(describeStderr('FATAL: no model\n')).toBe('Its stderr ended with: FATAL: no model.');
    expect(describeStderr('\n\n')).toBe('It wrote nothing to stderr.');
  });
});
