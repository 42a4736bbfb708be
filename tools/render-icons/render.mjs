// Renders the token icons listed in assets/tokens/icons.txt from @iconify-json/game-icons to white-on-clear
// 128×128 PNGs in assets/tokens/icons/, and rewrites the icon table of assets/CREDITS.md.
// Run from this folder: `npm ci && npm run render`. The PNGs are committed, so building the
// game needs neither Node nor this script; run it again only when icons.txt changes.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, unlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const out = join(root, "assets", "tokens", "icons");
const SIZE = 128;

const set = JSON.parse(readFileSync(join(here, "node_modules", "@iconify-json", "game-icons", "icons.json"), "utf8"));
const info = JSON.parse(readFileSync(join(here, "node_modules", "@iconify-json", "game-icons", "info.json"), "utf8"));
const version = JSON.parse(readFileSync(join(here, "node_modules", "@iconify-json", "game-icons", "package.json"), "utf8")).version;

const wanted = readFileSync(join(root, "assets", "tokens", "icons.txt"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => {
    const [name, ...author] = l.split(/\s+/);
    return { name, author: author.join(" ") };
  });

mkdirSync(out, { recursive: true });
// Icons no longer listed are removed, so the folder is exactly the list.
for (const file of readdirSync(out)) {
  if (file.endsWith(".png") && !wanted.some((w) => `${w.name}.png` === file)) unlinkSync(join(out, file));
}
for (const { name } of wanted) {
  const icon = set.icons[name];
  if (!icon) throw new Error(`${name} is not in @iconify-json/game-icons ${version}`);
  const w = icon.width ?? set.width ?? 512;
  const h = icon.height ?? set.height ?? 512;
  // The icons draw in `currentColor`; white lets the game tint them.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" color="#ffffff">${icon.body}</svg>`;
  const png = new Resvg(svg, { fitTo: { mode: "width", value: SIZE }, background: "rgba(0,0,0,0)" }).render().asPng();
  writeFileSync(join(out, `${name}.png`), png);
}

// The credits table between the markers in assets/CREDITS.md.
const credits = join(root, "assets", "CREDITS.md");
const text = readFileSync(credits, "utf8");
const [start, end] = ["<!-- icons:start -->", "<!-- icons:end -->"];
const table = [
  start,
  "| file | icon | author |",
  "|---|---|---|",
  ...wanted.map((w) => `| \`tokens/icons/${w.name}.png\` | ${w.name} | ${w.author} |`),
  end,
].join("\n");
const from = text.indexOf(start);
const to = text.indexOf(end);
if (from < 0 || to < 0) throw new Error("assets/CREDITS.md has no icon table markers");
writeFileSync(credits, text.slice(0, from) + table + text.slice(to + end.length));
console.log(`rendered ${wanted.length} icons from ${info.name} ${version} (${info.license.title})`);
