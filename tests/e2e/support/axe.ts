// Accessibility checks with axe: the tests fail on serious or critical violations only.
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "@playwright/test";

/**
 * Rules whose own impact is moderate or minor: axe reports every violation of such a rule at that
 * impact (finalizeRuleResult), so they can never give a serious or critical one. Not running them
 * leaves the answer the same and saves time on every page (region walks the whole document).
 */
const NEVER_SERIOUS = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((rule) => rule.impact === "moderate" || rule.impact === "minor")
  .map((rule) => rule.id);

/**
 * An axe run over the page and its frames, reporting violations only.
 * - A page without frames runs in legacy mode: axe's results are put together in the page itself. The
 *   default opens a blank page in the browser for that and injects axe into it on every run, about a
 *   second a check, twice what the audit itself takes. With no frame there is nothing to gather, so the
 *   answer is the same. A page with frames keeps the default, which also checks what is inside them.
 * - `resultTypes: ["violations"]`: passes and incomplete results carry one node each instead of every
 *   node. Violations are reported in full either way.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ["violations"] });
}

/**
 * The page's serious and critical axe violations, one line each (rule, help, where). `exclude`: a selector
 * left out (e.g. a map canvas), or `{ include, exclude }` to check one part of the page.
 */
export async function seriousViolations(page: Page, part?: string | { include?: string; exclude?: string }): Promise<string[]> {
  const { include, exclude } = typeof part === "string" ? { exclude: part } : (part ?? {});
  let builder = axeBuilder(page).disableRules(NEVER_SERIOUS);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}
