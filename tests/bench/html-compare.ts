// Renders pages from two production builds in Remix's handler (no HTTP) and says whether their HTML is the
// same byte for byte: the check behind a change to how pages are rendered that must not change what they
// say (decisions 0206, 0323, 0326). Each build renders in its own process (Preact's option hooks are
// global). What differs between two renders of one build is set aside: the assets' content hashes and the
// manifest version (they change with any client build), form client keys, captcha questions and tokens.
//
//   DATABASE_URL=… npx tsx tests/bench/html-compare.ts <build folder A> <build folder B> [path,path,…]
//   (HTML_COMPARE_DROP=root.footerRoads: loader data meant to be gone from B; HTML_COMPARE_PACKED=public/home.roads:packedRoads:
//   rows sent as packed text by B; see below.)
//
// Printed, not asserted. Needs the demo data (the paths below name its listings).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const DEFAULT_PATHS = [
  "/",
  "/?tab=road",
  "/location?location=London",
  "/location?location=London&page=2",
  "/dog-walk/canal-dog-walk-near-erce",
  "/route?from=London&to=Leeds",
  "/pubs",
  "/Pubs",
  "/beaches",
  "/motorway-search",
  "/bark-out",
  "/bark-out?category=walks",
  "/faqs",
  "/subscriptions",
  "/newsletter",
  "/treats",
  "/contact",
  "/join",
  "/account/login/",
  "/map",
  "/no-such-page",
];

/** In the child: render each path from one build into `out`. */
async function renderPages(build: string, out: string, paths: string[]): Promise<void> {
  const { createRequestHandler } = await import("@remix-run/node");
  const serverBuild = await import(pathToFileURL(resolve(build, "server/index.js")).href);
  const handle = createRequestHandler(serverBuild, "production");
  for (const [i, path] of paths.entries()) {
    const response = await handle(new Request(`http://localhost${path}`));
    writeFileSync(join(out, `${i}.html`), `${response.status}\n${await response.text()}`);
  }
}

function setAside(html: string): string {
  return html
    .replace(/(\/assets\/[A-Za-z0-9_.$-]+?)-[A-Za-z0-9_-]{8}\.(js|css)/g, "$1-HASH.$2")
    .replace(/"version": ?"[0-9a-f]+"/g, '"version":"V"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "UUID")
    .replace(/(<label for="[a-z-]*captcha"[^>]*>).*?(<\/label>)/g, "$1CAPTCHA$2")
    .replace(/value="[A-Za-z0-9_.~-]{40,}"/g, 'value="TOKEN"')
    .replace(/\\"[A-Za-z0-9_.~-]{40,}\\"/g, "TOKEN")
    .replace(/question\\",\\"[^\\]*\\"/g, "question QUESTION");
}

if (process.env.HTML_COMPARE_CHILD) {
  const { build, out, paths } = JSON.parse(process.env.HTML_COMPARE_CHILD) as { build: string; out: string; paths: string[] };
  await renderPages(build, out, paths);
  // The app's database pool and job timers would keep the process alive.
  process.exit(0);
}

const [buildA, buildB, list] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error("Usage: npx tsx tests/bench/html-compare.ts <build folder A> <build folder B> [path,path,…]");
  process.exit(2);
}
const paths = list ? list.split(",") : DEFAULT_PATHS;
const outs = [buildA, buildB].map((build) => {
  const out = mkdtempSync(join(tmpdir(), "html-compare-"));
  execFileSync(process.execPath, ["--import", "tsx", "tests/bench/html-compare.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      COOKIE_SECURE: "false",
      MAIL_CATCHER_PORT: "0",
      SESSION_SECRET: "bench-only-session-secret-0123456789abcdef",
      ...process.env,
      NODE_ENV: "production",
      HTML_COMPARE_CHILD: JSON.stringify({ build, out, paths }),
    },
  });
  return out;
});
/**
 * HTML_COMPARE_DROP=root.footerRoads,…: a change meant to take keys out of the pages' loader data. Pages
 * that differ are then compared again with each loader-data script set aside, and their data decoded
 * (turbo-stream), the named keys dropped from A's: "same but for the data dropped" when that is all.
 */
const dropped = (process.env.HTML_COMPARE_DROP ?? "").split(",").filter(Boolean);
/**
 * HTML_COMPARE_PACKED=public/home.roads:packedRoads,…: a change meant to send A's rows (an array of objects)
 * as B's text of arrays (kit/packed-rows.ts, decision 0333). B's text is read back into A's shape (each
 * row's values in the order of A's first row's keys) before the data are compared.
 */
const packed = (process.env.HTML_COMPARE_PACKED ?? "").split(",").filter(Boolean).map((spec) => {
  const [key, packedField] = spec.split(":");
  const [route, ...path] = key.split(".");
  return { route, path: path.slice(0, -1), field: path[path.length - 1], packedField };
});
const DATA_SCRIPT = /window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g;
async function loaderData(html: string): Promise<unknown> {
  const text = [...html.matchAll(DATA_SCRIPT)].map((match) => JSON.parse(match[1]) as string).join("");
  const { decode } = await import("turbo-stream");
  const decoded = await decode(new Blob([text]).stream());
  await decoded.done;
  return decoded.value;
}
async function sameButDropped(a: string, b: string): Promise<boolean> {
  if (setAside(a.replace(DATA_SCRIPT, "DATA")) !== setAside(b.replace(DATA_SCRIPT, "DATA"))) return false;
  const [dataA, dataB] = (await Promise.all([loaderData(a), loaderData(b)])) as Record<string, Record<string, Record<string, unknown>>>[];
  for (const key of dropped) {
    const [route, field] = key.split(".");
    delete dataA.loaderData?.[route]?.[field];
  }
  for (const { route, path, field, packedField } of packed) {
    type Data = Record<string, unknown>;
    const at = (data: Record<string, Record<string, Data>>) => path.reduce<Data | undefined>((object, name) => object?.[name] as Data | undefined, data.loaderData?.[route]);
    const [holderA, holderB] = [at(dataA), at(dataB)];
    const rowsA = holderA?.[field];
    const textB = holderB?.[packedField];
    if (!holderB || !Array.isArray(rowsA) || typeof textB !== "string") continue;
    const fields = rowsA.length > 0 ? Object.keys(rowsA[0] as object) : [];
    const rowsB = (JSON.parse(textB) as unknown[][]).map((values) => Object.fromEntries(fields.map((name, i) => [name, values[i]])));
    // In A's order of keys (as the browser reads the rows back), B's own keys after them.
    const entries = Object.entries(holderB).filter(([name]) => name !== packedField);
    for (const name of Object.keys(holderB)) delete holderB[name];
    const fromB = new Map<string, unknown>([...entries, [field, rowsB]]);
    for (const name of Object.keys(holderA as object)) if (fromB.has(name)) holderB[name] = fromB.get(name);
    for (const [name, value] of fromB) if (!(name in holderB)) holderB[name] = value;
  }
  // The captcha's question and token, decoded, as setAside does in the HTML.
  const text = (data: unknown) => setAside(JSON.stringify(data)).replace(/"(question|token)":"[^"]*"/g, '"$1":"X"');
  return text(dataA) === text(dataB);
}

let same = 0;
for (const [i, path] of paths.entries()) {
  const [a, b] = outs.map((out) => readFileSync(join(out, `${i}.html`), "utf8"));
  if (a === b) {
    same++;
    console.log(`  same                       ${path}`);
  } else if (setAside(a) === setAside(b)) {
    same++;
    console.log(`  same (hashes, keys aside)  ${path}`);
  } else if (dropped.length + packed.length > 0 && (await sameButDropped(a, b))) {
    same++;
    console.log(`  same but for ${[...dropped, ...packed.map((p) => `${[p.route, ...p.path, p.field].join(".")} packed`)].join(", ")}  ${path}`);
  } else {
    const [x, y] = [setAside(a), setAside(b)];
    let at = 0;
    while (x[at] === y[at]) at++;
    console.log(`  DIFFERENT                  ${path}\n    A: …${x.slice(Math.max(0, at - 80), at + 80)}…\n    B: …${y.slice(Math.max(0, at - 80), at + 80)}…`);
  }
}
console.log(`${same} of ${paths.length} pages the same (${readdirSync(outs[0]).length} rendered from each build).`);
