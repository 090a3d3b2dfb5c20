import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config';

const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
export const backendVersion = pkg.version;

/**
 * The build number of the web bundle being served. Read on every call so that a deployed build is
 * noticed by open pages without a server restart.
 */
export function currentBuild(webDist: string): string | null {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(webDist, 'build.json'), 'utf8')) as { build?: unknown };
    return typeof raw.build === 'string' && raw.build ? raw.build : null;
  } catch {
    return process.env.BUILD_NUMBER || null;
  }
}
