/** The report's stylesheet: inline, so the file opens offline with nothing else beside it. */
export const PAGE_STYLE = `
:root { --fg:#1d232b; --dim:#66707c; --line:#d9dee4; --bg:#fff; --soft:#f4f6f8;
  --pass:#1a7f37; --fail:#cf222e; --error:#9a6700; --accent:#0969da; --person:#8250df; --customer:#57606a; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1400px; margin: 0 auto; padding: 16px 24px 48px; }
header h1 { font-size: 22px; margin: 8px 0 4px; }
h2 { font-size: 17px; margin: 24px 0 8px; } h3 { margin: 4px 0; font-size: 16px; } h4 { margin: 14px 0 6px; font-size: 14px; }
code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft); padding: 8px; overflow: auto; max-height: 320px; margin: 4px 0; white-space: pre-wrap; word-break: break-word; }
.dim, .meta { color: var(--dim); }
.banner { background: #fff8c5; border: 1px solid #d4a72c; padding: 6px 10px; border-radius: 6px; }
.verdict { padding: 2px 8px; border-radius: 6px; color: #fff; font-size: 16px; vertical-align: 2px; }
.verdict.pass { background: var(--pass); } .verdict.fail { background: var(--fail); }
.cards { display: flex; flex-wrap: wrap; gap: 10px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 120px; }
.card .value { font-size: 20px; font-weight: 600; } .card .label { color: var(--dim); font-size: 12px; }
.card.pass .value { color: var(--pass); } .card.fail .value { color: var(--fail); } .card.error .value { color: var(--error); }
table { border-collapse: collapse; } th, td { padding: 3px 10px; border-bottom: 1px solid var(--line); text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.fail td:first-child { color: var(--fail); } tr.pass td:first-child { color: var(--pass); }
.bar { display: inline-block; height: 8px; width: calc(var(--w) * 1.2); max-width: 120px; background: var(--accent); border-radius: 4px; }
.matrix td { background: rgba(9,105,218, calc(var(--a) * 0.35)); } .matrix td.disagree { background: rgba(207,34,46, calc(0.1 + var(--a) * 0.4)); }
.matrix td.zero { color: #c0c6cc; background: none; } .matrix th[scope=row] { font-weight: 600; }
.overview { display: flex; flex-wrap: wrap; gap: 0 40px; align-items: flex-start; }
.overview > section { overflow-x: auto; max-width: 100%; }
#rates table td:nth-child(3) { white-space: nowrap; } #rates td:nth-child(5) { white-space: nowrap; }
.filters { display: flex; flex-wrap: wrap; gap: 14px; align-items: center; padding: 8px 0; position: sticky; top: 0; background: var(--bg); z-index: 3; border-bottom: 1px solid var(--line); }
.filters label { display: inline-flex; gap: 4px; align-items: center; }
#case-scroller { position: relative; height: 340px; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; margin-top: 8px; }
#case-rows { position: absolute; inset: 0 0 auto 0; }
.case-row { position: absolute; left: 0; right: 0; height: 34px; display: flex; gap: 10px; align-items: center; padding: 0 10px; border-bottom: 1px solid var(--soft); cursor: pointer; white-space: nowrap; overflow: hidden; }
.case-row:hover { background: var(--soft); } .case-row.selected { background: #ddf4ff; }
.case-id { font-weight: 600; } .case-title { color: var(--dim); overflow: hidden; text-overflow: ellipsis; flex: 1; }
.badge { font-size: 11px; text-transform: uppercase; padding: 1px 6px; border-radius: 10px; color: #fff; background: var(--dim); }
.badge.pass { background: var(--pass); } .badge.fail { background: var(--fail); } .badge.error { background: var(--error); } .badge.other { opacity: .6; }
.chip { font: 11px ui-monospace, monospace; background: #ffebe9; color: var(--fail); padding: 1px 6px; border-radius: 10px; margin-right: 4px; }
.tag { font-size: 11px; background: var(--soft); color: var(--dim); padding: 1px 6px; border-radius: 10px; margin-right: 4px; }
#case-detail { margin-top: 16px; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; } .side-by-side > .run { min-width: 0; border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; }
.run-label { font-weight: 600; color: var(--accent); }
.error-box { background: #fff8c5; }
.findings, .pins { list-style: none; padding: 0; margin: 4px 0; }
.finding { display: flex; gap: 8px; align-items: baseline; padding: 2px 0; flex-wrap: wrap; }
.finding.fail code { color: var(--fail); } .finding.error code { color: var(--error); } .finding.pass { opacity: .75; } .finding.pass code { color: var(--pass); }
.finding .msg { flex: 1; min-width: 200px; }
a.source { font: 12px ui-monospace, monospace; color: var(--accent); }
.timeline { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; padding-bottom: 6px; }
.lane-heads, .ev { display: grid; grid-template-columns: 5.5rem repeat(var(--lanes), minmax(9rem, 1fr)); }
.lane-heads { position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); z-index: 1; }
.lane-head { grid-row: 1; padding: 6px 8px; font-weight: 600; text-align: center; border-left: 1px solid var(--line); }
.lane-head.person { color: var(--person); } .lane-head.customer { color: var(--customer); }
.ev > * { grid-row: 1; } .lane-cell { border-left: 1px dashed var(--line); min-height: 30px; }
.time { grid-column: 1; color: var(--dim); font-size: 11px; padding: 6px 6px 0; font-variant-numeric: tabular-nums; }
.cell { z-index: 1; margin: 3px 6px; padding: 2px 6px; background: var(--soft); border-radius: 4px; font-size: 12.5px; align-self: start; }
.arrow { z-index: 1; margin: 3px 0; padding: 0 14px 2px; position: relative; text-align: center; font-size: 12.5px; align-self: start; }
.arrow::before { content: ""; position: absolute; left: calc(50% / var(--span, 1)); right: 0; top: 1.45em; border-top: 2px solid var(--accent); }
.arrow { --c: var(--accent); } .arrow .what { background: var(--bg); position: relative; padding: 0 4px; color: var(--accent); font-weight: 600; }
.arrow.right::after, .arrow.left::after { position: absolute; top: calc(1.45em - 8px); color: var(--accent); font-size: 13px; }
.arrow.right::after { content: "▶"; right: 4px; } .arrow.left::after { content: "◀"; left: 4px; }
.arrow.right::before, .arrow.left::before { left: calc(100% / (2 * var(--span, 1))); right: calc(100% / (2 * var(--span, 1))); }
.arrow.right::after { right: calc(100% / (2 * var(--span, 1)) - 6px); } .arrow.left::after { left: calc(100% / (2 * var(--span, 1)) - 6px); }
.timeline:not(.turns) .ev-agent_turn { display: none; } .toggle { display: inline-block; margin-bottom: 4px; }
.arrow .what { display: inline-block; }
.arrow .payload { text-align: left; position: relative; margin-top: 8px; }
.ev-question .arrow .what, .ev-question .arrow::after { color: var(--customer); }
.ev-reject .cell { background: #ffebe9; } .ev-ack .cell { background: #dafbe1; } .ev-effect .cell { background: #fff1e5; }
.ev-decision .cell { background: #fbefff; } .ev-claim .cell, .ev-release .cell { background: #eaeef2; }
.step-row { display: flex; gap: 10px; align-items: baseline; padding: 4px 8px; margin-top: 6px; background: var(--soft); border-top: 1px solid var(--line); font-size: 12.5px; }
.step-no { font-weight: 600; }
.pin-row { padding: 0 8px 0 5.5rem; } .pin-row .finding { font-size: 12.5px; }
.payload summary { cursor: pointer; color: var(--dim); font-size: 12px; }
`;
