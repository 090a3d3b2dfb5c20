// Adds up the JSON reports of Vitest and Playwright into one closing line.
import fs from 'node:fs';
import path from 'node:path';

const [dir, failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (report.stats) {
    passed += report.stats.expected ?? 0;
    failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
  }
}
// A step that failed without a report (lint, types, a crash) counts as one failure.
const reported = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
if (failed === 0 && Number(failedSteps) > 0) failed = Number(failedSteps);
console.log(`\n${reported} test reports read.`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
