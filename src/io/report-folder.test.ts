import { describe, expect, it } from 'vitest';
import { folderName, reportFolder } from './report-folder.ts';

describe('reportFolder', () => {
  const suite = { suiteFile: 'baton/shadow/shadow.yaml', suiteName: 'shadow current', cwd: '/w' };

  it('resolves reports.dir against the suite file, not the working folder', () => {
    expect(reportFolder({ ...suite, dir: '../../reports/shadow-current' })).toBe(
      '/w/reports/shadow-current',
    );
  });

  it('resolves --out against the working folder, before reports.dir', () => {
    expect(reportFolder({ ...suite, out: 'out', dir: '../x' })).toBe('/w/out');
  });

  it('defaults to reports/<suite name as a folder name> in the working folder', () => {
    expect(reportFolder(suite)).toBe('/w/reports/shadow-current');
    expect(folderName('../../etc')).toBe('etc');
  });
});
