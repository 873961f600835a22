/** The loading edge: YAML case and suite files → validated objects, or positioned problems. */

export { SCHEMA_FILES, type SchemaKind, schemaFileText } from './json-schemas.ts';
export { loadCaseFile, parseCaseText } from './load-case.ts';
export type { LoadResult } from './load-result.ts';
export { loadSuiteFile } from './load-suite.ts';
export type { CaseSelection, SelectedCases } from './select-cases.ts';
export { selectCases } from './select-cases.ts';
export { parseSuiteText } from './suite-source.ts';
export { DEFAULT_VALIDATE_PATHS, type ValidatedFile, validateFiles } from './validate-files.ts';
