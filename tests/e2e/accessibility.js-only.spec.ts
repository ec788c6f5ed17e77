import { expect, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

test.use({ allowNotFoundDocument: true });

// axe runs inside the page, so it needs JavaScript: only the js project runs *.js-only.spec.ts files;
// the no-js project gets the same server-rendered DOM.

for (const [name, path] of [
  ["homepage", "/"],
  ["404 page", "/no-such-page"],
] as const) {
  // The page as loaded is checked at 1280 and 390 px by axe-route-table.js-only.spec.ts (decision 0317);
  // here, the state the walk does not reach: the mobile menu open.
  test(`the ${name} with the mobile menu open has no serious or critical violations`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page.getByText("Menu", { exact: true }).click();
    await expect(page.locator(".mobile-menu")).toHaveAttribute("open", "");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the axe check itself reports serious violations in the page and in its frames, and honours exclude", async ({ page }) => {
  const pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  const frame = `<!doctype html><html lang="en"><title>Probe frame</title><main><img src="${pixel}" id="axe-probe-frame"></main></html>`;
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1>` +
      `<img src="${pixel}" id="axe-probe-page"><button id="axe-probe-button"></button>` +
      `<iframe title="Probe frame" srcdoc="${frame.replaceAll('"', "&quot;")}"></iframe></main></body></html>`,
  );
  await expect(page.frameLocator("iframe").locator("#axe-probe-frame")).toBeAttached();
  const found = await seriousViolations(page);
  const imageAlt = found.find((line) => line.startsWith("image-alt:")) ?? "";
  expect(imageAlt).toContain("#axe-probe-page");
  expect(imageAlt).toContain("#axe-probe-frame");
  expect(found.some((line) => line.startsWith("button-name:") && line.includes("#axe-probe-button"))).toBe(true);
  // Without a frame, the check runs the quicker way (support/axe.ts): the same answers for the page.
  await page.locator("iframe").evaluate((frame) => frame.remove());
  await expect.poll(() => page.frames().length).toBe(1);
  const withoutFrame = await seriousViolations(page);
  expect(withoutFrame.find((line) => line.startsWith("image-alt:"))).toBe("image-alt: Images must have alternative text (#axe-probe-page)");
  expect(withoutFrame.some((line) => line.startsWith("button-name:") && line.includes("#axe-probe-button"))).toBe(true);
  expect(await seriousViolations(page, "#axe-probe-button")).not.toContainEqual(expect.stringContaining("button-name:"));
});

test("a header or footer already checked is left out of later checks only while it is the very same", async ({ page }) => {
  const pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  const probe = (footer: string) =>
    `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1></main><footer class="site-footer">${footer}</footer></body></html>`;
  const unnamed = (found: string[]) => found.some((line) => line.startsWith("button-name:") && line.includes("#probe-unnamed"));
  // The first check of a footer reports what is wrong in it…
  await page.setContent(probe(`<button id="probe-unnamed"></button>`));
  expect(unnamed(await seriousViolations(page))).toBe(true);
  // … a check of the very same footer leaves it out (support/axe.ts, decision 0330) …
  await page.setContent(probe(`<button id="probe-unnamed"></button>`));
  expect(unnamed(await seriousViolations(page))).toBe(false);
  // … a footer that changed is checked again …
  await page.setContent(probe(`<button id="probe-unnamed"></button><img src="${pixel}" id="probe-no-alt">`));
  const changed = await seriousViolations(page);
  expect(unnamed(changed)).toBe(true);
  expect(changed).toContainEqual(expect.stringContaining("#probe-no-alt"));
  // … and so are the same footer at another width, and one with the focus in it (its colours follow :focus).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(unnamed(await seriousViolations(page))).toBe(true);
  await page.locator("#probe-unnamed").focus();
  expect(unnamed(await seriousViolations(page))).toBe(true);
});
