/** Word lists of suite files that code outside validation reads too: no schema library here. */

/** Every reporter `--reporter` and `reports.formats` accept. */
export const REPORT_FORMATS = ['console', 'json', 'md', 'html', 'junit', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a run writes when neither the suite nor `--reporter` says. */
export const DEFAULT_REPORT_FORMATS = ['console', 'json', 'md'] as const;

/** Where a suite's implementation runs; `none` is Baton's own process. */
export const ISOLATION_MODES = ['none', 'worker', 'process'] as const;
