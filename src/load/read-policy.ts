import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Where a suite may read case, trace and module files: its project (the nearest folder above
 * the suite holding `.git`, else `package.json`, else the suite's own folder), the project of
 * the folder Baton runs in, and the folders the suite lists in `allow_read`. A glob or path that
 * strays outside — `../../../etc/*`, `/proc/self/environ` — is refused, so a suite change in a
 * pull request cannot copy an unrelated file into a CI log or a report.
 */
export interface ReadPolicy {
  readonly roots: readonly string[];
  /** True when `file` (absolute) is inside one of the roots, symbolic links resolved. */
  allows(file: string): boolean;
  /** `allows` for a path already resolved (no symbolic links in it): no system call. */
  allowsResolved(path: string): boolean;
}

export function readPolicy(
  suiteFile: string,
  allowRead: readonly string[] = [],
  cwd: string = process.cwd(),
): ReadPolicy {
  const suiteDir = dirname(resolve(suiteFile));
  const roots = [
    projectRoot(suiteDir),
    projectRoot(resolve(cwd)),
    ...allowRead.map((folder) => resolve(suiteDir, folder)),
  ].map(real);
  const allowsResolved = (path: string) => roots.some((root) => inside(path, root));
  return { roots, allows: (file) => allowsResolved(real(file)), allowsResolved };
}

/** The nearest folder at or above `dir` holding `.git`, else `package.json`, else `dir` itself. */
export function projectRoot(dir: string): string {
  return nearest(dir, '.git') ?? nearest(dir, 'package.json') ?? dir;
}

function nearest(dir: string, marker: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(resolve(at, marker))) return at;
    if (dirname(at) === at) return undefined;
  }
}

function inside(file: string, root: string): boolean {
  const rel = relative(root, file);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The real path of a file or of its nearest existing parent (the file may not exist yet). */
export function real(path: string): string {
  try {
    // One system call; the JavaScript form walks every folder of the path.
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : resolve(real(parent), relative(parent, path));
  }
}
