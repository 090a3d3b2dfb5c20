import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A/AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core over the page as it is now and fails on any serious or critical violation,
 * listing each rule with the elements it found (so the failure says what to fix). Soft, so one
 * run reports every screen. `only` limits the check to a part of the page (a CSS selector), e.g.
 * the open dialog when the page behind it was checked already.
 */
export async function expectAccessible(page: Page, screen: string, only?: string): Promise<void> {
  let blocking = await blockingViolations(page, only);
  // A toast that starts to fade out between the wait and the check is seen half-way too: what was
  // found is checked again once the page is still, and only what is found again counts.
  if (blocking.length) {
    await page.waitForTimeout(500);
    blocking = await blockingViolations(page, only);
  }
  expect.soft(blocking, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

/** The serious and critical violations of the page once its finite transitions have ended. */
async function blockingViolations(page: Page, only?: string) {
  // A dialog still fading in has its colours half-way (a contrast axe would flag): let finite
  // transitions and animations end first (a spinner's endless one is left alone).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (only) builder.include(only);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 8)
        .map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim()}`),
    }));
}
