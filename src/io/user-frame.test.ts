import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownAt, userFrame } from './user-frame.ts';

const OWN = ['/opt/baton/dist/'];

describe('userFrame', () => {
  it("skips Node's internals, packages and Baton's own frames; the app's frame is relative", () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'to')",
      '    at route (node:internal/util:10:3)',
      '    at Object.handle (file:///work/app/node_modules/openai/core.mjs:1:2)',
      '    at route (file:///work/app/src/router.ts:42:7)',
      '    at step (/opt/baton/dist/chunks/chunk-A.js:100:9)',
    ].join('\n');

    expect(userFrame(stack, OWN, '/work/app')).toEqual({
      file: 'src/router.ts',
      line: 42,
      column: 7,
    });
  });

  it('reads plain paths, async frames and anonymous frames; a file outside cwd stays absolute', () => {
    const stack = 'Error: x\n    at async /srv/other/app.mjs:3:15';

    expect(userFrame(stack, OWN, '/work/app')).toEqual({
      file: '/srv/other/app.mjs',
      line: 3,
      column: 15,
    });
  });

  it('names the file of a module tsx compiled to a data: URL (TypeScript a CommonJS package imports)', () => {
    const code = encodeURIComponent(
      `__filename="/work/app/src/desk/policies.ts";(()=>{require = require("node:module").createRequire("file:///work/app/src/desk/policies.ts");\nvar x = ${'1;'.repeat(2000)}`,
    );
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'queue')",
      `    at route (data:text/javascript,${code}:2:869)`,
      '    at Module.runCase (/work/app/baton/adapter.ts:15:24)',
    ].join('\n');

    expect(userFrame(stack, OWN, '/work/app')).toEqual({ file: 'src/desk/policies.ts' });
  });

  it('is undefined when only Baton, Node or a package threw', () => {
    const stack = [
      'Error: boom',
      '    at x (node:events:1:1)',
      '    at y (/opt/baton/dist/chunks/chunk-B.js:1:1)',
      '    at z (/work/app/node_modules/zod/index.js:5:5)',
      '    at <anonymous>',
    ].join('\n');

    expect(userFrame(stack, OWN, '/work/app')).toBeUndefined();
  });

  it('never names a frame of Baton or of a package, whatever the stack (property)', () => {
    const segment = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
    const frame = fc.record({
      dir: fc.constantFrom('/opt/baton/dist/chunks', '/work/app/node_modules/pkg', '/work/app'),
      name: segment,
      line: fc.integer({ min: 1, max: 9999 }),
      column: fc.integer({ min: 1, max: 999 }),
      url: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 8 }), (frames) => {
        const lines = frames.map((f) => {
          const path = `${f.dir}/${f.name}.js`;
          return `    at fn (${f.url ? `file://${path}` : path}:${f.line}:${f.column})`;
        });
        const found = userFrame(['Error: e', ...lines].join('\n'), OWN, '/work/app');
        const first = frames.find((f) => f.dir === '/work/app');
        expect(found).toEqual(
          first && { file: `${first.name}.js`, line: first.line, column: first.column },
        );
      }),
    );
  });
});

describe('thrownAt', () => {
  it('is empty for what has no readable stack, and never throws', () => {
    const hostile = new Proxy(new Error('x'), {
      get() {
        throw new Error('no');
      },
    });

    expect(thrownAt('a string')).toBe('');
    expect(thrownAt(Object.create(null))).toBe('');
    expect(thrownAt(hostile)).toBe('');
  });
});
