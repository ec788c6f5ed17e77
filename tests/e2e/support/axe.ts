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

/** The page's serious and critical axe violations, one line each (rule, help, where); `exclude`: selectors left out (e.g. a map canvas). */
export async function seriousViolations(page: Page, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).disableRules(NEVER_SERIOUS);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}
