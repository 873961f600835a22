/**
 * The page script's case view: a case's verdict, its findings (each linked to its case file
 * and line), and its timeline — or, with a second report of the same cases, both timelines
 * side by side.
 */
export const CLIENT_CASE = `
function sourceLink(file, line) {
  if (!file) return null;
  const href = DATA.sourceBase + file.split('/').map(encodeURIComponent).join('/') + (line ? '#L' + line : '');
  return h('a', { class: 'source', href, 'data-file': file, 'data-line': line || '' }, file + (line ? ':' + line : ''));
}

function stepName(step) {
  if (step === undefined || step === null) return '';
  return step < 0 ? 'start' : 'step ' + step;
}

function findingItem(f, c) {
  return h('li', { class: 'finding ' + f.outcome, 'data-code': f.code, 'data-step': f.step === undefined ? '' : f.step },
    h('span', { class: 'badge ' + f.outcome }, f.outcome),
    h('code', {}, f.code),
    h('span', { class: 'dim' }, stepName(f.step)),
    h('span', { class: 'msg' }, f.message),
    sourceLink(c.file, f.line),
  );
}

function caseHeader(c, label) {
  const repeats = c.repeats > 1 ? 'passed ' + c.passedRepeats + ' of ' + c.repeats + ' repeats' : null;
  return h('div', { class: 'case-head' },
    label ? h('div', { class: 'run-label' }, label) : null,
    h('h3', {}, h('span', { class: 'badge ' + c.status }, c.status), ' ', c.id),
    h('p', {}, c.title),
    h('p', { class: 'dim' },
      sourceLink(c.file, undefined), ' ',
      (c.tags || []).map((t) => h('span', { class: 'tag' }, t)),
      repeats ? ' · ' + repeats : '',
      c.permutationSeed !== undefined ? ' · order seed ' + c.permutationSeed : '',
      ' · ' + c.hops + (c.hops === 1 ? ' handoff' : ' handoffs'),
    ),
    c.error ? h('pre', { class: 'error-box' }, c.error.code + ': ' + c.error.message) : null,
  );
}

function runsList(c) {
  if (!c.runs || c.runs.length < 2) return null;
  return h('details', { class: 'runs' }, h('summary', {}, 'Every repeat'),
    h('ol', { start: 1 }, c.runs.map((r) => h('li', { class: r.status },
      h('span', { class: 'badge ' + r.status }, r.status), ' ',
      r.findings.map((f) => f.code).join(', ') || (r.error ? r.error.code : 'no findings'),
    ))));
}

function oneRun(c, label) {
  // A passing case of a large report is embedded without its findings and timeline.
  if (c.slim) return h('div', { class: 'run' },
    caseHeader(c, label),
    h('p', { class: 'dim slim-note' }, 'Passed. Its findings and timeline are in report.json: a page this large keeps them for failed and errored cases only.'),
  );
  const bad = (c.findings || []).filter((f) => f.outcome !== 'pass');
  return h('div', { class: 'run' },
    caseHeader(c, label),
    h('h4', {}, bad.length + (bad.length === 1 ? ' finding' : ' findings') + ' that did not pass'),
    bad.length ? h('ul', { class: 'findings' }, bad.map((f) => findingItem(f, c))) : h('p', { class: 'dim' }, 'None.'),
    runsList(c),
    h('h4', {}, 'Timeline'),
    timeline(c),
  );
}

function caseDetail(c, other) {
  if (!other) return oneRun(c, null);
  return h('div', { class: 'side-by-side' },
    oneRun(c, DATA.label),
    oneRun(other, DATA.against.label),
  );
}
`;
