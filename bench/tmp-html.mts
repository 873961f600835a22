import { regressedRun } from '../src/report/fixtures.ts';
import { renderHtml } from '../src/report/html/render-html.ts';
const r = regressedRun();
process.stdout.write(renderHtml(r) + '\n=====\n' + renderHtml(r, { sourceBase: '../', against: { report: r, label: 'b' } }));
