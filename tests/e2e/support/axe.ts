// Accessibility checks with axe: the tests fail on serious or critical violations only.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { expect, test, type Page } from "@playwright/test";

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

/** The site's header and footer: the same markup on most pages of a role. */
const CHROME = [".site-header", ".site-footer"];

/**
 * What a check of each of the site's header and footer reads, as the page shows them now, or null where it
 * cannot be told from markup alone (missing, focused or under the mouse, whose colours follow :focus and
 * :hover). The rest: its markup, every style sheet of the page (addresses and inline text), the classes and
 * styles of html and body, the viewport and the media features the browser emulates. Two equal keys give
 * the same axe answer for that part.
 */
async function chromeKeys(page: Page): Promise<(string | null)[]> {
  const keys = await page.evaluate((selectors) => {
    const root = document.documentElement;
    const context = [
      `${window.innerWidth}x${window.innerHeight}@${window.devicePixelRatio}`,
      ["(prefers-color-scheme: dark)", "(prefers-reduced-motion: reduce)", "(forced-colors: active)", "(prefers-contrast: more)", "print"].map((query) => matchMedia(query).matches).join(),
      // html's and body's start tags, from their attributes: their outerHTML would serialise the whole document.
      ...[root, document.body].map((element) => JSON.stringify([element.localName, ...Array.from(element.attributes, (attribute) => [attribute.name, attribute.value])])),
      ...Array.from(document.styleSheets, (sheet) => sheet.href ?? sheet.ownerNode?.textContent ?? ""),
    ].join("\n");
    return selectors.map((selector) => {
      const part = document.querySelector(selector);
      if (!part || part.contains(document.activeElement) || part.matches(":hover")) return null;
      return `${context}\n${part.outerHTML}`;
    });
  }, CHROME);
  return keys.map((key) => (key === null ? null : createHash("sha256").update(key).digest("hex")));
}

/** The header and footer keys this worker has checked already (chromeKeys). */
const checkedChrome = new Set<string>();

/**
 * axe as the page gets it: the minified build (580 kB), the same code as the 1.3 MB `axe.source`
 * AxeBuilder sends (decision 0339).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** A violation as the page returns it: what the report needs, no more. */
interface PageViolation {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
}

/** axe's colour, as its colour checks parse it from a computed style (`axe.commons.color.Color`). */
interface PageColor {
  r: number;
  g: number;
  b: number;
  alpha: number;
  parseString: (this: PageColor, colorString: string) => PageColor;
}

/** The axe that this document holds, configured as AxeBuilder configures it, or nothing. */
interface PageAxe {
  version: string;
  configure: (spec: object) => void;
  commons: { color: { Color: { prototype: PageColor } } };
  run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
}

/**
 * One axe run in a page without frames (legacy mode: the results are put together in the page), or null when
 * this document does not hold this version of axe yet. AxeBuilder's `analyze` sends axe's source twice on
 * every check (once to look for `runPartial`, once to inject it into each frame): about a fifth of a
 * check's time in the page, and all of it again at the second width of a page already checked.
 */
async function runInPage({ version, context, options }: { version: string; context: { include?: string[]; exclude: string[] }; options: object }): Promise<PageViolation[] | null> {
  const w = window as unknown as { axe?: PageAxe; __pawrouteAxe?: string };
  if (!w.axe || w.axe.version !== version || w.__pawrouteAxe !== version) return null;
  const results = await w.axe.run(context, options);
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/**
 * Configures the axe just put into the page as AxeBuilder's legacy mode does, and marks the document as holding
 * it. Two changes to what axe does for nothing here (decision 0345), neither to what it finds:
 * - `noHtml`: axe no longer copies each element it looks at into its results (`html`, the element's
 *   outerHTML, cut to 300 characters only after the whole subtree is serialised: the whole document for
 *   `html`). The report reads rule, impact, help and targets only.
 * - Colour parsing remembered: color-contrast and link-in-text-block parse the computed colours of every text
 *   element and of each layer behind it (`Color.parseString`, through colorjs.io), about a tenth of a run, and
 *   a page has a few dozen distinct colour strings. A string parses to the same four numbers every time, so
 *   the first parse of each is kept and later ones set the same values through the same setters. A string
 *   that fails to parse is not kept: it goes through axe's own path (and error) every time.
 */
function configureInPage(version: string): void {
  const w = window as unknown as { axe: PageAxe; __pawrouteAxe?: string };
  w.axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" }, noHtml: true });
  const color = w.axe.commons.color.Color.prototype;
  const parse = color.parseString;
  const parsed = new Map<string, [number, number, number, number]>();
  color.parseString = function parseString(this: PageColor, colorString: string): PageColor {
    const known = parsed.get(colorString);
    if (!known) {
      parse.call(this, colorString);
      parsed.set(colorString, [this.r, this.g, this.b, this.alpha]);
      return this;
    }
    [this.r, this.g, this.b, this.alpha] = known;
    return this;
  };
  w.__pawrouteAxe = version;
}

/** A check of a page without frames: axe put into the document once, then run there (runInPage). */
async function analyzeWithoutFrames(page: Page, context: { include?: string[]; exclude: string[] }, options: object): Promise<PageViolation[]> {
  const check = { version: axe.version, context, options };
  let violations = await page.evaluate(runInPage, check);
  if (!violations) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(configureInPage, axe.version);
    violations = await page.evaluate(runInPage, check);
  }
  if (!violations) throw new Error("axe could not be put into the page");
  return violations;
}

/**
 * The page's serious and critical axe violations, one line each (rule, help, where). `exclude`: a selector
 * left out (e.g. a map canvas), or `{ include, exclude }` to check one part of the page.
 *
 * A check of the whole page leaves out the site's header or footer when this worker has already checked the
 * very same one (chromeKeys: same markup, style sheets, viewport and media; decision 0330). They are about a
 * fifth of a page's elements and of axe's time, and the same on most of the hundreds of pages the suite
 * checks. The first check of each still runs in full, and reports what it finds in that test.
 *
 * A page without frames gets axe (minified) once per document and runs it with the same context and options
 * AxeBuilder would pass (decision 0339); a page with frames is checked by AxeBuilder, which also checks
 * inside them.
 */
export async function seriousViolations(page: Page, part?: string | { include?: string; exclude?: string }): Promise<string[]> {
  const { include, exclude } = typeof part === "string" ? { exclude: part } : (part ?? {});
  const keys = include ? [] : await chromeKeys(page);
  const excluded = exclude ? [exclude] : [];
  keys.forEach((key, index) => {
    if (key !== null && checkedChrome.has(key)) excluded.push(CHROME[index]);
  });
  let violations: PageViolation[];
  if (page.frames().length === 1) {
    const options = { resultTypes: ["violations"], rules: Object.fromEntries(NEVER_SERIOUS.map((rule) => [rule, { enabled: false }])) };
    violations = await analyzeWithoutFrames(page, { ...(include ? { include: [include] } : {}), exclude: excluded }, options);
  } else {
    let builder = axeBuilder(page).disableRules(NEVER_SERIOUS);
    if (include) builder = builder.include(include);
    for (const selector of excluded) builder = builder.exclude(selector);
    violations = (await builder.analyze()).violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  }
  for (const key of keys) if (key !== null) checkedChrome.add(key);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(", ")})`);
}

/** The widths every page is checked at, a phone's first (issue 50), as viewports. */
export const CHECK_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/**
 * One load of a page, checked at each width (decision 0330): `load` opens it at the first (narrowest) width
 * and `check` runs; then the viewport is widened, the layout awaited (two frames at the new width) and `check`
 * runs again, width after width. The app reads the width on events (media query listeners, the width when a
 * filter changes), never only at start, so a page widened is the page loaded wide. `viewports`: the widths,
 * narrowest first (default: a phone's and a desktop's, CHECK_VIEWPORTS); decision 0335 uses it for every
 * test that loaded the same page in the same state once per width.
 */
export async function atEachWidth(
  page: Page,
  load: () => Promise<void>,
  check: (width: number) => Promise<void>,
  viewports: readonly { width: number; height: number }[] = CHECK_VIEWPORTS,
): Promise<void> {
  for (const [index, viewport] of viewports.entries()) {
    await page.setViewportSize(viewport);
    if (index === 0) await load();
    // Without JavaScript no frame callback runs: the width is read back, and the next read of the layout lays it out.
    else if (test.info().project.use.javaScriptEnabled === false) await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(viewport.width);
    else await page.waitForFunction((wanted) => window.innerWidth === wanted && new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))), viewport.width);
    await check(viewport.width);
  }
}
