import { closeSync, fstatSync, openSync } from 'node:fs';
import { BatonError } from '../errors.ts';
import { readAt } from '../io/read-at.ts';
import type { CaseList, CaseResult, RunReport, StreamedReport } from '../model/report.ts';
import { parseReport } from '../report/json.ts';
import { type ArrayFieldScan, scanArrayField } from '../report/json-field-scan.ts';

/** Bytes read from a report at once. */
const BLOCK = 1 << 20;

/**
 * Reports this large are read a case at a time. A report of 100,000 cases is about 600 MB:
 * longer than the longest string JavaScript can hold, so it cannot be read as one text at all,
 * and one parse of the whole would hold its text and its objects at once.
 */
export const READ_BY_CASE_FROM = 32 << 20;

/** The file's blocks in order, read as they are asked for. */
export function* fileBlocks(fd: number): Generator<Uint8Array> {
  for (let at = 0; ; ) {
    const block = readAt(fd, at, BLOCK);
    if (block.length === 0) return;
    at += block.length;
    yield block;
  }
}

/** The file's text without the items of its `cases` array, or undefined when that is not JSON. */
export function headerOf(fd: number, scan: ArrayFieldScan): string | undefined {
  const size = fstatSync(fd).size;
  const head = readAt(fd, 0, scan.open + 1);
  const tail = readAt(fd, scan.close, size - scan.close);
  const text = Buffer.concat([head, tail]).toString('utf8');
  try {
    JSON.parse(text);
    return text;
  } catch {
    return undefined;
  }
}

/** A large report opened for reading: its cases are read from the file each time they are listed. */
export interface OpenedReport {
  readonly report: StreamedReport;
  close(): void;
}

/**
 * A large report.json (READ_BY_CASE_FROM bytes or more) opened without one string of its text:
 * the rest of the report parsed and checked as `parseReport` checks it, and where each case is.
 * Its cases are parsed from their own bytes as they are listed, so a reporter writing them holds
 * one at a time; a case that is not JSON then stops the listing with an error naming it.
 * Undefined for a smaller file, one that cannot be opened, or one whose text this reader cannot
 * place cases in: the caller reads it whole, which names what is wrong with it. `source` names
 * the file in a refusal (`the baseline report reports/a.json`).
 */
export function openLargeReport(
  path: string,
  source: string,
  from: number = READ_BY_CASE_FROM,
): OpenedReport | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  let opened: OpenedReport | undefined;
  try {
    if (fstatSync(fd).size < from) return undefined;
    const scan = scanArrayField(fileBlocks(fd), 'cases');
    const header = scan && headerOf(fd, scan);
    if (!scan || header === undefined) return undefined;
    const report = parseReport(header, source);
    const at = fd;
    const cases: CaseList = {
      length: scan.offsets.length,
      [Symbol.iterator]: () => casesOf(at, scan, source),
    };
    opened = { report: { ...report, cases }, close: () => closeSync(at) };
    return opened;
  } finally {
    if (opened === undefined) closeSync(fd);
  }
}

/**
 * The texts of a scanned array's items, read back from the file: items that follow one another
 * come from one block read.
 */
export class ItemTexts {
  private block: Buffer = Buffer.alloc(0);
  private blockAt = 0;

  constructor(
    private readonly fd: number,
    private readonly scan: ArrayFieldScan,
  ) {}

  text(item: number): string {
    return this.bytes(item).toString('utf8');
  }

  /** The item's bytes: a view of the block read for it, which later reads leave as it is. */
  bytes(item: number): Buffer {
    const at = this.scan.offsets[item] as number;
    const length = this.scan.lengths[item] as number;
    if (at < this.blockAt || at + length > this.blockAt + this.block.length) {
      this.block = readAt(this.fd, at, Math.max(BLOCK, length));
      this.blockAt = at;
    }
    return this.block.subarray(at - this.blockAt, at - this.blockAt + length);
  }
}

/** The cases of an opened report, each parsed from its bytes as it is reached. */
function* casesOf(fd: number, scan: ArrayFieldScan, source: string): Generator<CaseResult> {
  const texts = new ItemTexts(fd, scan);
  for (let item = 0; item < scan.offsets.length; item++) {
    const text = texts.text(item);
    try {
      yield JSON.parse(text) as CaseResult;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new BatonError(
        'file.unreadable',
        `Failed to read ${source}: cases[${item}] is not valid JSON (${why}). Pass the report.json a baton run wrote, unedited.`,
      );
    }
  }
}

/**
 * `openLargeReport` with every case read into memory (a comparison pairs cases by id). Undefined
 * where that is, and for a case that is not JSON: the whole read names what is wrong.
 */
export function readLargeReport(
  path: string,
  source: string,
  from: number = READ_BY_CASE_FROM,
): RunReport | undefined {
  return readLargeReportAs(path, source, (c) => c, from);
}

/** `readLargeReport` keeping `each` of every case as it is read, not the case itself. */
export function readLargeReportAs<T>(
  path: string,
  source: string,
  each: (c: CaseResult) => T,
  from: number = READ_BY_CASE_FROM,
): (Omit<RunReport, 'cases'> & { readonly cases: T[] }) | undefined {
  const opened = openLargeReport(path, source, from);
  if (opened === undefined) return undefined;
  try {
    return { ...opened.report, cases: Array.from(opened.report.cases, each) };
  } catch (error) {
    if (error instanceof BatonError) return undefined;
    throw error;
  } finally {
    opened.close();
  }
}
