import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page and answers the serious and critical violations.
 * The portal's CSP refuses injected scripts: the test needs `test.use({ bypassCSP: true })`.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Judge the page once it has loaded: its loading placeholders ('Carregando …', role status) are gone.
  await page.waitForFunction(
    () => !document.querySelector('[role="status"][aria-label^="Carregando"]'),
    null,
    {
      timeout: 10_000,
    },
  );
  // Contrast is read from computed colours: a button still fading from its disabled grey to the primary
  // colour (a list that has just loaded) would be judged mid-transition. Let the frame that starts such
  // transitions pass, then let them end.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // Endless ones (a spinner, the not-found page's floating astronaut) are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 5000 },
  );
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
