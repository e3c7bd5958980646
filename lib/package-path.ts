import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The file a package of the project's node_modules resolves to, found from the project's
 * root at run time: the server bundle lives elsewhere, and bundlers leave this alone.
 */
export function packagePath(name: string): string {
  return createRequire(path.join(process.cwd(), 'package.json')).resolve(name);
}
