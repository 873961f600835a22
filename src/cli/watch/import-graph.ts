import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';

// Files an app may import that are no code: followed no further, but still the app's inputs.
const NO_CODE = ['.txt', '.md', '.css', '.html', '.yaml', '.yml', '.csv', '.svg', '.png', '.node'];

/**
 * The files of the user's project that `entry` (an implementation module) imports, itself
 * included, followed through every static import and every `import()` of a literal path, as
 * esbuild resolves them (TypeScript, `tsconfig` paths, `.js` written for a `.ts` file). Packages
 * are not followed: `node_modules` never re-runs a watch. Undefined when the graph cannot be
 * read (a syntax error the next save fixes, a file esbuild cannot load): the caller then falls
 * back to watching the module's folder alone.
 */
export async function localImports(entry: string): Promise<string[] | undefined> {
  const absWorkingDir = dirname(entry);
  try {
    const { build } = await import('esbuild');
    const result = await build({
      absWorkingDir,
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
      loader: Object.fromEntries(NO_CODE.map((ext) => [ext, 'empty' as const])),
    });
    const files = Object.keys(result.metafile.inputs)
      // Namespaced inputs (`<define:…>`, a plugin's) are no files of the project.
      .filter((p) => !/^[a-z-]+:/i.test(p) || isAbsolute(p))
      .map((p) => resolve(absWorkingDir, p))
      .filter((p) => !/[\\/]node_modules[\\/]/.test(p) && existsSync(p));
    return [...new Set(files)].sort();
  } catch {
    return undefined;
  }
}
