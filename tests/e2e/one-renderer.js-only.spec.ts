import type { Page } from "@playwright/test";
import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// The production build renders on the server and hydrates in the browser with the same library (Preact,
// decision 0320). After hydration nothing may complain of a mismatch, and every id a label or an ARIA
// reference names (some made by useId on the server) must exist in the page the visitor has.

/** Console messages and page errors from the first request on. */
function listen(page: Page): string[] {
  const heard: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") heard.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => heard.push(`page error: ${error.message}`));
  return heard;
}

async function danglingReferences(page: Page) {
  return page.evaluate(() => {
    const missing: string[] = [];
    const labels = [...document.querySelectorAll("label[for]")] as HTMLLabelElement[];
    for (const label of labels) if (!document.getElementById(label.htmlFor)) missing.push(`label for="${label.htmlFor}"`);
    for (const attribute of ["aria-labelledby", "aria-describedby", "aria-controls"]) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        for (const id of (element.getAttribute(attribute) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) missing.push(`${attribute}="${id}"`);
        }
      }
    }
    return { labels: labels.length, missing };
  });
}

async function checkHydrated(page: Page, heard: string[], path: string) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const { labels, missing } = await danglingReferences(page);
  expect(labels, `${path} has labelled fields`).toBeGreaterThan(0);
  expect(missing, `${path}: references to ids that do not exist`).toEqual([]);
  expect(heard.filter((line) => /hydrat|did not match|mismatch|expected server html/i.test(line)), `${path}: hydration warnings`).toEqual([]);
  expect(heard.filter((line) => line.startsWith("page error")), `${path}: page errors`).toEqual([]);
}

for (const path of ["/", "/location?location=London", "/route?from=London&to=Leeds"]) {
  test(`${path}: no hydration warning, and every label points at a field that exists`, async ({ page }) => {
    const heard = listen(page);
    await page.goto(path);
    await checkHydrated(page, heard, path);
  });
}

test("the payment page: no hydration warning, and every label points at a field that exists", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  const heard = listen(page);
  await page.goto("/payment?option=annual");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await checkHydrated(page, heard, "/payment");
});
