/**
 * Which programs the project's own code starts. A fresh machine has only what `.ci/run` installs
 * (Node.js with npm and npx, Debian's chromium, PostgreSQL) and the shell's basic commands, so a
 * test or script that starts anything else (pdftotext, curl, python) passes on one machine and
 * fails on the next. `programs.test.ts` runs this over the tracked files.
 */

/** Programs a fresh machine has after `.ci/run`. */
export const ALLOWED_PROGRAMS = new Set([
  'node',
  'npm',
  'npx',
  'tsx',
  'chromium',
  '/usr/bin/chromium',
  'psql',
  'pg_isready',
  'createdb',
  'dropdb',
  'rm',
  'mkdir',
  'env',
  'true',
]);

/** The name of a child process started with a literal, or the expression that names it. */
export interface ProgramUse {
  line: number;
  program: string;
}

const CALL =
  /(?<![\w.$]|\/\.)\b(?:child_process\.|cp\.)?(spawn|spawnSync|execFile|execFileSync|execSync|exec|fork)\(\s*([^,)]*)/g;

/**
 * The programs a source file starts through `node:child_process`: the first word of a literal
 * command, or the expression given as the program (`process.execPath` is Node itself).
 * Files that do not import child_process start nothing (a regex's `.exec(` is not a process).
 */
export function programsStarted(source: string): ProgramUse[] {
  if (!/from ['"](node:)?child_process['"]|require\(['"](node:)?child_process['"]\)/.test(source)) return [];
  const uses: ProgramUse[] = [];
  for (const m of source.matchAll(CALL)) {
    const before = source.slice(0, m.index);
    // `x.exec(` on a RegExp or a client is a method call, not child_process's exec.
    if (/[\w)\]]\.$/.test(before) && !/(child_process|cp)\.$/.test(before)) continue;
    const line = before.split('\n').length;
    const arg = m[2].trim();
    const literal = /^(['"`])(.*?)\1?$/.exec(arg);
    const program = literal ? (literal[2].trim().split(/\s+/)[0] ?? '') : arg;
    uses.push({ line, program: program === 'process.execPath' ? 'node' : program });
  }
  return uses;
}

/** The programs a shell command line starts: the first word of each command joined by && ; | . */
export function programsInCommand(command: string): string[] {
  return command
    .split(/&&|\|\||;|\|/)
    .map((part) =>
      part
        .trim()
        .split(/\s+/)
        .find((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w)),
    )
    .filter((w): w is string => Boolean(w));
}
