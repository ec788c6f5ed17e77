// Makes the installable app's icons (public/icons/*.png) from the logo, public/favicon.svg, with sharp.
// Run again if the logo changes: node scripts/make-app-icons.mjs
import { readFile } from "node:fs/promises";
import sharp from "sharp";

const BRAND = "#1f4d3a"; // --color-brand (app/styles/tokens.css)
const logo = await readFile("public/favicon.svg");

async function icon(size, file, { maskable = false } = {}) {
  // A maskable icon keeps the logo inside the middle 80 % (the safe zone) on a full brand-coloured square.
  const inner = maskable ? Math.round(size * 0.8) : size;
  const mark = await sharp(logo, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner).png().toBuffer();
  const base = sharp({ create: { width: size, height: size, channels: 4, background: maskable ? BRAND : { r: 0, g: 0, b: 0, alpha: 0 } } });
  await base.composite([{ input: mark, gravity: "centre" }]).png({ compressionLevel: 9 }).toFile(`public/icons/${file}`);
}

await icon(192, "icon-192.png");
await icon(512, "icon-512.png");
await icon(512, "icon-maskable-512.png", { maskable: true });
await icon(180, "apple-touch-icon.png", { maskable: true });
console.log("Wrote public/icons/icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png");
