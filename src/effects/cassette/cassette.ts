import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CassetteConfig } from '../../model/effects-config.ts';
import { Redaction } from '../../redact/redaction.ts';
import { HostList } from '../hosts.ts';
import { redactedBody } from './body.ts';
import { type CassetteEntry, parseCassette, serializeCassette } from './format.ts';
import { requestKey } from './request-key.ts';

/** A cassette file opened for one run: loaded entries to replay, or new ones to save. */
export class Cassette {
  readonly hosts: HostList;
  private readonly keyed: readonly { entry: CassetteEntry; key: string }[];
  private readonly recorded: CassetteSession[] = [];

  private constructor(
    readonly config: CassetteConfig,
    readonly path: string,
    entries: readonly CassetteEntry[],
    /** Why the file could not be read; in replay mode every case fails with it. */
    readonly loadError: string | undefined,
    /** Baton's redaction with the suite's own rules: what never reaches the file. */
    readonly redaction: Redaction,
  ) {
    this.hosts = new HostList(config.hosts);
    this.keyed = entries.map((entry) => ({
      entry,
      key: requestKey(
        entry.request.method,
        entry.request.url,
        redactedBody(entry.request.body, redaction),
      ),
    }));
  }

  static async open(
    config: CassetteConfig,
    suiteDir: string,
    redaction: Redaction = new Redaction(),
  ): Promise<Cassette> {
    const path = resolve(suiteDir, config.file);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      const why = missing ? 'the file does not exist' : (error as Error).message;
      return new Cassette(config, path, [], loadProblem(config, why), redaction);
    }
    const parsed = parseCassette(text);
    return parsed.ok
      ? new Cassette(config, path, parsed.value.entries, undefined, redaction)
      : new Cassette(config, path, [], loadProblem(config, parsed.why), redaction);
  }

  get mode(): CassetteConfig['mode'] {
    return this.config.mode;
  }

  /** A case run's view: the entries it may replay (its own first), or where it records. */
  session(caseId: string | undefined, repeat: number): CassetteSession {
    return new CassetteSession(this, caseId, repeat, this.poolFor(caseId, repeat));
  }

  /** Keeps what a finished case run recorded, for `save()`. */
  keep(session: CassetteSession): void {
    if (this.mode === 'record') this.recorded.push(session);
  }

  /**
   * Writes the file (record mode): entries of cases that did not run this time are kept, the
   * others replaced. Written to a temporary file and renamed, so it is never left half-written.
   */
  async save(): Promise<void> {
    if (this.mode !== 'record') return;
    const ran = new Set(this.recorded.map((s) => s.caseId));
    const kept = this.keyed.map((k) => k.entry).filter((e) => !ran.has(e.case));
    const sessions = [...this.recorded].sort(
      (a, b) => compare(a.caseId ?? '', b.caseId ?? '') || a.repeat - b.repeat,
    );
    const entries = [...kept, ...sessions.flatMap((s) => s.entries)];
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, serializeCassette(entries), 'utf8');
    await rename(temporary, this.path);
  }

  private poolFor(caseId: string | undefined, repeat: number) {
    const own = this.keyed.filter((k) => k.entry.case !== undefined && k.entry.case === caseId);
    if (own.length === 0) return this.keyed;
    const anyCase = this.keyed.filter((k) => k.entry.case === undefined);
    const sameRepeat = own.filter((k) => (k.entry.repeat ?? 0) === repeat);
    if (sameRepeat.length > 0) return [...sameRepeat, ...anyCase];
    const first = Math.min(...own.map((k) => k.entry.repeat ?? 0));
    return [...own.filter((k) => (k.entry.repeat ?? 0) === first), ...anyCase];
  }
}

/** One case run's use of the cassette: replay consumes its pool in order, record appends. */
export class CassetteSession {
  readonly entries: CassetteEntry[] = [];
  private readonly used = new Set<number>();

  constructor(
    readonly cassette: Cassette,
    readonly caseId: string | undefined,
    readonly repeat: number,
    private readonly pool: readonly { entry: CassetteEntry; key: string }[],
  ) {}

  /** The next unused entry recorded for `key`, or the miss message. */
  take(key: string, shown: string): { entry: CassetteEntry } | { miss: string } {
    const index = this.pool.findIndex((k, i) => k.key === key && !this.used.has(i));
    const hit = this.pool[index];
    if (hit) {
      this.used.add(index);
      return { entry: hit.entry };
    }
    const recorded = this.pool.filter((k) => k.key === key).length;
    const inCase = this.caseId === undefined ? '' : ` in case ${this.caseId}`;
    const why =
      recorded === 0
        ? `it holds no recorded answer for this request${inCase}`
        : `it holds ${recorded} answer(s) for this request${inCase} and all were used`;
    return { miss: missMessage(this.cassette.config, shown, why) };
  }

  record(entry: CassetteEntry): void {
    this.entries.push({
      ...(this.caseId !== undefined && { case: this.caseId, repeat: this.repeat }),
      ...entry,
    });
  }
}

function missMessage(config: CassetteConfig, shown: string, why: string): string {
  return `Failed to replay ${shown} from cassette ${config.file}: ${why}. ${RERECORD}`;
}

function loadProblem(config: CassetteConfig, why: string): string {
  return `Failed to read cassette ${config.file}: ${why}. ${RERECORD}`;
}

const RERECORD =
  'Re-record it: set cassette.mode to record in the suite and run the suite against the real service';

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
