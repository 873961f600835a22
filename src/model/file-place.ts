/** A place in a file as messages name it: `cases/x.yaml:7`, or the file alone without a line. */
export function filePlace(file: string, line: number | undefined): string {
  return line === undefined ? file : `${file}:${line}`;
}
