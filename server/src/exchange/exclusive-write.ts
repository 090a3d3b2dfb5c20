/**
 * Exclusive, atomic file writes for exchange folders: the content goes to a temporary name, is
 * synced, then hard-linked to its final name (link fails when the name exists, so a file is never
 * overwritten) and the temporary name removed. A reader never sees half a file; two writers in the
 * same second get two names.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { stamp } from './site-folders';

const isExists = (e: unknown) => (e as NodeJS.ErrnoException).code === 'EEXIST';

async function writeTemp(dir: string, name: string, content: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/** Writes `dir/name` whole, replacing a file of that name (a reader sees the old or the new file). */
export async function writeAtomically(dir: string, name: string, content: string): Promise<string> {
  const temp = await writeTemp(dir, name, content);
  const final = path.join(dir, name);
  await fs.rename(temp, final);
  return final;
}

/** Writes `dir/name`; throws (code EEXIST) when that name is taken. */
export async function writeExclusive(dir: string, name: string, content: string): Promise<string> {
  const temp = await writeTemp(dir, name, content);
  const final = path.join(dir, name);
  try {
    await fs.link(temp, final);
    return final;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * Writes `<prefix><yyyyMMddHHmmss><ext>`; while that name is taken the stamp moves on by a second,
 * so names stay in time order and never collide.
 */
export async function writeStampedExclusive(
  dir: string,
  prefix: string,
  ext: string,
  content: string,
  at = new Date(),
): Promise<string> {
  const temp = await writeTemp(dir, prefix, content);
  try {
    for (let t = at.getTime(); ; t += 1000) {
      const final = path.join(dir, `${prefix}${stamp(new Date(t))}${ext}`);
      try {
        await fs.link(temp, final);
        return final;
      } catch (e) {
        if (!isExists(e)) throw e;
      }
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** Moves `file` into `dir` under its own name, or `<name>.2`, `.3`... when that is taken. */
export async function moveExclusive(file: string, dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const base = path.basename(file);
  for (let n = 1; ; n++) {
    const final = path.join(dir, n === 1 ? base : `${base}.${n}`);
    try {
      await fs.link(file, final);
      await fs.rm(file, { force: true });
      return final;
    } catch (e) {
      if (!isExists(e)) throw e;
    }
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * Writes `<prefix><yyyyMMddHHmmss><ext>` under a name decided before writing: the first stamp
 * (from `at`, a second on at a time) free in `dir` and in every `alsoIn` folder (e.g. where the
 * store moves consumed files) is handed to `named` (which records it, e.g. on a transfer task),
 * then the file is written under exactly that name. If another writer took the name meanwhile,
 * the next free stamp is named and tried. Returns the final name (without the folder).
 */
export async function writeNamedExclusive(o: {
  dir: string;
  prefix: string;
  ext: string;
  content: string;
  named: (name: string) => Promise<void>;
  alsoIn?: string[];
  at?: Date;
}): Promise<string> {
  for (let t = (o.at ?? new Date()).getTime(); ; t += 1000) {
    const name = `${o.prefix}${stamp(new Date(t))}${o.ext}`;
    const taken = await Promise.all([o.dir, ...(o.alsoIn ?? [])].map((d) => exists(path.join(d, name))));
    if (taken.some(Boolean)) continue;
    await o.named(name);
    try {
      await writeExclusive(o.dir, name, o.content);
      return name;
    } catch (e) {
      if (!isExists(e)) throw e;
    }
  }
}

/** True when `name` is in `dir` or in one of the `alsoIn` folders. */
export async function fileIsIn(name: string, dirs: string[]): Promise<boolean> {
  const found = await Promise.all(dirs.map((d) => exists(path.join(d, name))));
  return found.some(Boolean);
}

/** A temporary name writeTemp gives (`.<name>.<8 hex>.tmp`). */
const TEMP = /^\..+\.[0-9a-f]{8}\.tmp$/;

/**
 * Removes the temporary files a write killed mid-way (kill -9, power loss) left in the sites'
 * exchange folders (`NNN/to-site`, `NNN/from-site`, and their processed/ and rejected/), when older
 * than `olderThanMs` (another process may be writing one right now). Returns how many it removed.
 */
export async function cleanStaleTemps(sitesDir: string, olderThanMs = 10 * 60_000): Promise<number> {
  const before = Date.now() - olderThanMs;
  let removed = 0;
  const sites = await fs.readdir(sitesDir, { withFileTypes: true }).catch(() => []);
  for (const s of sites) {
    if (!s.isDirectory()) continue;
    for (const sub of [
      'to-site',
      'from-site',
      'to-site/processed',
      'to-site/rejected',
      'from-site/rejected',
    ]) {
      const dir = path.join(sitesDir, s.name, sub);
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (!TEMP.test(name)) continue;
        const st = await fs.lstat(path.join(dir, name)).catch(() => null);
        if (!st?.isFile() || st.mtimeMs > before) continue;
        await fs.rm(path.join(dir, name), { force: true });
        removed++;
      }
    }
  }
  return removed;
}
