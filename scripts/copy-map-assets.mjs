// Copies the map's label glyphs (Noto Sans Regular, SIL OFL, from the tileserver-gl-styles package)
// into public/map/fonts/, so MapLibre loads them from this app and never from another host.
// Only the Latin ranges the place, road and junction names of the UK and France use are copied.
// Run by `npm run build`; the copies are committed, so `remix vite:build` alone works too.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FONT = "Noto Sans Regular";
const SOURCE = join(ROOT, "node_modules", "tileserver-gl-styles", "fonts", FONT);
const TARGET = join(ROOT, "public", "map", "fonts", FONT);
// Basic Latin and Latin-1, Latin Extended-A and -B, IPA and spacing marks, combining marks,
// Latin Extended Additional (Welsh ŵ, ẁ), general punctuation (dashes, quotes).
const RANGES = ["0-255", "256-511", "512-767", "768-1023", "7680-7935", "8192-8447"];

if (!existsSync(SOURCE)) {
  if (RANGES.every((range) => existsSync(join(TARGET, `${range}.pbf`)))) process.exit(0);
  console.error(`✖ Map glyphs missing: ${SOURCE} not found. Run \`npm ci\` (tileserver-gl-styles is a dev dependency).`);
  process.exit(1);
}
mkdirSync(TARGET, { recursive: true });
const available = new Set(readdirSync(SOURCE));
for (const range of RANGES) {
  const file = `${range}.pbf`;
  if (!available.has(file)) {
    console.error(`✖ ${FONT} has no glyph range ${range}`);
    process.exit(1);
  }
  copyFileSync(join(SOURCE, file), join(TARGET, file));
}
console.log(`Map glyphs: ${RANGES.length} ranges of ${FONT} in public/map/fonts/`);
