// Adds up the JSON reports of Vitest and Playwright into one closing line, after naming each
// failed test with the start of its message (CI keeps only the end of the output).
import fs from 'node:fs';
import path from 'node:path';

const [dir, failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];
const firstLines = (text) =>
  String(text ?? '')
    .split('\n')
    .slice(0, 6)
    .join('\n    ');

function vitestFailures(report) {
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      failures.push(`${where} › ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${where}\n    ${firstLines(file.message)}`);
  }
}

function playwrightFailures(suite, trail) {
  for (const spec of suite.specs ?? []) {
    if (spec.ok && !spec.tests?.some((t) => t.status === 'flaky')) continue;
    const result = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.status !== 'passed');
    failures.push(
      `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}\n    ${firstLines(result?.error?.message)}`,
    );
  }
  for (const child of suite.suites ?? [])
    playwrightFailures(child, child.title && child.title !== child.file ? [...trail, child.title] : trail);
}

for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    vitestFailures(report);
  } else if (report.stats) {
    passed += report.stats.expected ?? 0;
    failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    for (const suite of report.suites ?? []) playwrightFailures(suite, []);
  }
}
// A step that failed without a report (lint, types, a crash) counts as one failure.
const reported = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
if (failed === 0 && Number(failedSteps) > 0) failed = Number(failedSteps);
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${reported} test reports read.`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
