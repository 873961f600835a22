import { sep } from 'node:path';

/** Whether `path` is `folder` or lies below it. */
export function under(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
