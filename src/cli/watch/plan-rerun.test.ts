import { describe, expect, test } from 'vitest';
import { foldersToWatch, planRerun } from './plan-rerun.ts';
import type { WatchTargets } from './watch-targets.ts';

const targets: WatchTargets = {
  suiteFile: '/p/suites/example.yaml',
  cases: new Map([
    ['/p/cases/a.yaml', 'case-a'],
    ['/p/cases/b.yaml', 'case-b'],
  ]),
  broken: new Map([['/p/cases/bad.yaml', []]]),
  implementation: [
    { path: '/p/app', folder: true },
    { path: '/p/app/policy.yaml', folder: false },
  ],
  ignored: ['/p/reports/example'],
};

describe('planRerun', () => {
  test('a changed case file re-runs that case only', () => {
    expect(planRerun(['/p/cases/b.yaml', '/p/cases/b.yaml'], targets)).toEqual({
      kind: 'cases',
      ids: ['case-b'],
      because: '/p/cases/b.yaml, /p/cases/b.yaml',
    });
  });

  test('the suite or anything in the implementation folder re-runs every case', () => {
    expect(planRerun(['/p/cases/a.yaml', '/p/suites/example.yaml'], targets)).toMatchObject({
      kind: 'suite',
      because: '/p/suites/example.yaml',
    });
    expect(planRerun(['/p/app/router/rules.ts'], targets)).toMatchObject({ kind: 'suite' });
  });

  test('reports, dependencies and unrelated files re-run nothing', () => {
    const noise = [
      '/p/reports/example/report.json',
      '/p/app/node_modules/x/index.js',
      '/p/cases/notes.txt',
    ];

    expect(planRerun(noise, targets)).toEqual({ kind: 'none' });
  });

  test('a changed case file that does not load is reported, not run', () => {
    expect(planRerun(['/p/cases/bad.yaml'], targets)).toEqual({
      kind: 'broken',
      files: ['/p/cases/bad.yaml'],
    });
  });
});

describe('foldersToWatch', () => {
  test('watches the implementation folder deeply and the suite and case folders flat', () => {
    expect(foldersToWatch(targets)).toEqual([
      { path: '/p/app', recursive: true },
      { path: '/p/suites', recursive: false },
      { path: '/p/cases', recursive: false },
    ]);
  });
});
