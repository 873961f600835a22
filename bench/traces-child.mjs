// One measured read of a trace file for bench/traces.ts, on plain Node (no TypeScript loader, as
// a user's process runs Baton): `bare` parses each line with a readline + JSON.parse loop and
// only counts the spans; `baton` reads it with Baton's streaming reader from the built package's
// `baton-handoffs/traces` entry and normalises every trace into a timeline. Prints one JSON
// line: spans, traces, handoffs, traces flagged partial, traces cut (without all `perTrace`
// spans), wall ms of the read, CPU ms and peak resident memory (the OS's figure) of the process.
// Usage: node bench/traces-child.mjs bare|baton <file> <perTrace>
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [mode, file, perTrace] = process.argv.slice(2);
const counts = { spans: 0, traces: 0, handoffs: 0, partial: 0, cut: 0 };
// Imported before the clock starts, as the bare loop's modules are.
const baton =
  mode === 'baton'
    ? await import(new URL('../dist/public/traces.js', import.meta.url).href)
    : undefined;
const started = performance.now();
if (baton === undefined) {
  const lines = createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const text of lines) {
    if (text === '') continue;
    const request = JSON.parse(text);
    for (const r of request.resourceSpans)
      for (const s of r.scopeSpans) counts.spans += s.spans.length;
  }
} else {
  for await (const t of baton.readTraces(file)) {
    counts.traces++;
    counts.spans += t.spans.length;
    if (t.partial) counts.partial++;
    if (t.spans.length !== Number(perTrace)) counts.cut++;
    for (const e of baton.normalize(t.spans).events) if (e.kind === 'handoff') counts.handoffs++;
  }
}
const ms = performance.now() - started;
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    ...counts,
    ms,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1e3,
    peakRssMb: (usage.maxRSS * 1024) / 1e6,
  }),
);
