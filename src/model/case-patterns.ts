/**
 * The patterns and word lists of case files that code outside validation needs too (the
 * hand-written case check, the suite's check options): kept apart from the schemas, so that
 * reading them loads no schema library.
 */

/** The patterns of names, reason codes and case ids (the hand-written check uses them too). */
export const PARTICIPANT_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;
export const REASON_CODE = /^[a-z][a-z0-9_]*$/;
export const CASE_ID = /^[a-z0-9][a-z0-9_.-]*$/;

/** How a labelled fact is looked for in a payload (docs/verdicts.md, "Carry"). */
export const CARRY_MATCHES = ['equals', 'contains'] as const;
export type CarryMatch = (typeof CARRY_MATCHES)[number];
