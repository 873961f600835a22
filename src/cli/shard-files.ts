import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { withoutMeasure } from '../merge/basis.ts';
import { checkShapeOf } from '../merge/check-shards.ts';
import type { MergedCase, ShardReport } from '../merge/merge-reports.ts';
import type { CaseList, CaseResult } from '../model/report.ts';
import { ReportCaseSchema } from '../model/report-schema.ts';
import { caseJsonText, parseReport } from '../report/json.ts';
import { scanArrayField } from '../report/json-field-scan.ts';
import { nestedItemText } from '../report/pretty-chunks.ts';
import { unmeasuredCaseText } from '../report/unmeasured-text.ts';
import { SharedValues } from '../shared-values.ts';
import { fileBlocks, headerOf, ItemTexts } from './report-file.ts';

/**
 * What report.json puts before each case (its indentation, as `nestedItemText` writes an item),
 * which the scan of a report's items leaves out.
 */
const INDENT = Buffer.from(nestedItemText(0).slice(0, -1));

/** What a merge keeps of a case read from a shard report: what it reads, and where the rest is. */
export type HeldCase = MergedCase &
  (
    | { readonly shard: number; readonly item: number }
    // A shard report read whole (its text is not the plain shape a case-at-a-time read needs).
    | { readonly result: CaseResult }
  );

interface OpenShard {
  readonly fd: number;
  readonly texts: ItemTexts;
}

/**
 * The shard reports of one `baton merge`, read a case at a time: each case is parsed and checked
 * once, kept as what merging reads of it, and read back from its file when a reporter writes it.
 * Merging 100,000 cases holds none of their results, nor any report's whole text.
 */
export class ShardFiles {
  private readonly open: OpenShard[] = [];
  // What most cases have alike, held once for every shard.
  private readonly shared = new SharedValues();

  /**
   * The report at `path` with only what merging reads of each case. Undefined when its text is
   * not the plain shape this reader places cases in (the caller reads it whole, and names what is
   * wrong with it); throws the refusal of a report that is not what Baton writes.
   */
  read(path: string, cwd: string): ShardReport<HeldCase> | undefined {
    let fd: number;
    try {
      fd = openSync(resolve(cwd, path), 'r');
    } catch {
      return undefined;
    }
    const scan = scanArrayField(fileBlocks(fd), 'cases');
    const header = scan && headerOf(fd, scan);
    if (!scan || header === undefined) {
      closeSync(fd);
      return undefined;
    }
    const shard = this.open.push({ fd, texts: new ItemTexts(fd, scan) }) - 1;
    const report = parseReport(header, `the shard report ${path}`);
    checkShapeOf(path, report);
    const cases: HeldCase[] = [];
    for (let item = 0; item < scan.offsets.length; item++) {
      const c = this.parsed(shard, item);
      if (c === undefined) return undefined;
      checkShapeOf(path, c, ReportCaseSchema, ['cases', item]);
      const findings = this.shared.one(
        c.findings.map((f) => ({ code: f.code, outcome: f.outcome })),
      );
      const { id, status } = c;
      const measured = c.measured && { ...c.measured, runs: this.shared.one(c.measured.runs) };
      cases.push({ id, status, findings, ...(measured && { measured }), shard, item });
    }
    return { file: path, report: { ...report, cases }, shapeChecked: true };
  }

  /** The merged cases' results in the order given, each read back from its file as it is reached. */
  list(cases: readonly HeldCase[]): CaseList {
    const result = (c: HeldCase): CaseResult =>
      'result' in c ? c.result : withoutMeasure(this.parsed(c.shard, c.item) as CaseResult);
    return {
      length: cases.length,
      [Symbol.iterator]: function* () {
        for (const c of cases) yield result(c);
      },
    };
  }

  /**
   * The merged cases' report.json texts, in the order given: each case's text in its shard's
   * file with the `measured` field cut out (`unmeasuredCaseText`), so a merge writes report.json
   * without parsing and rendering every case again; a case read whole, or whose text is not
   * laid out as report.json lays out a case, is rendered as it parses.
   */
  texts(cases: readonly HeldCase[]): Iterable<string | Uint8Array> {
    const text = (c: HeldCase): string | Uint8Array => {
      if ('result' in c) return caseJsonText(withoutMeasure(c.result));
      const cut =
        c.measured === undefined
          ? undefined
          : unmeasuredCaseText((this.open[c.shard] as OpenShard).texts.bytes(c.item), INDENT);
      return cut ?? caseJsonText(withoutMeasure(this.parsed(c.shard, c.item) as CaseResult));
    };
    return {
      [Symbol.iterator]: function* () {
        for (const c of cases) yield text(c);
      },
    };
  }

  close(): void {
    for (const s of this.open.splice(0)) closeSync(s.fd);
  }

  private parsed(shard: number, item: number): CaseResult | undefined {
    try {
      return JSON.parse((this.open[shard] as OpenShard).texts.text(item)) as CaseResult;
    } catch {
      return undefined;
    }
  }
}
