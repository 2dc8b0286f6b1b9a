import fs from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's own build, read once: injected into a page by evaluation (the page's CSP does not apply). */
let source: string | undefined;
const axeSource = () =>
  (source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** One rule axe found broken: the rule, how serious, and where (the first few elements). */
export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core's WCAG 2 A and AA rules (colour contrast among them) over the page as it is now; answers
 * the violations of at least `least` impact (serious: serious and critical).
 */
export async function axeViolations(
  page: Page,
  least: 'serious' | 'moderate' = 'serious',
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource());
  const impacts =
    least === 'serious' ? ['serious', 'critical'] : ['moderate', 'serious', 'critical'];
  return page.evaluate(async (counted) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: unknown[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return violations
      .filter((violation) => counted.includes(violation.impact ?? ''))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  }, impacts);
}
