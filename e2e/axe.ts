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
  // Contrast is read from computed colours: a button still fading from its disabled grey to the primary
  // colour (a list that has just loaded) would be judged mid-transition. Let running transitions end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
    timeout: 5000,
  });
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
