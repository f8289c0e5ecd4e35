// Bundles the board's and the pages' scripts and styles with esbuild: one minified file per
// entry, named by the hash of its content (a new release gets new names, so a browser can keep
// a file for a year and never run stale code), written to src/solitaire/web/build/ with a
// manifest.json that maps each entry to its file and records the hash of the sources it was
// built from (the server serves the sources themselves when they no longer match: see
// src/solitaire/server/assets.py, which hashes them the same way).
//
//   node scripts/build-web.mjs        (scripts/setup.sh runs it when a source is newer)

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildOffline } from "./build-offline.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "src", "solitaire", "web");
const out = join(web, "build");

// Entry → source, relative to web/. The names are the ones the server asks the manifest for.
const ENTRIES = {
  "main.js": "static/main.js",
  "board.css": "static/board.css",
  "site.js": "site/site.js",
  "site.css": "site/site.css",
};

// Every script and style under static/ and site/, sorted by path: what a build is made of.
function sources(folder = web) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (path !== out) found.push(...sources(path));
    } else if (/\.(js|css)$/.test(name)) {
      const rel = relative(web, path).split(sep).join("/");
      if (rel.startsWith("static/") || rel.startsWith("site/")) found.push(rel);
    }
  }
  return found.sort();
}

// sha256 over each source's path and bytes, as assets.py computes it.
function sourceHash() {
  const hash = createHash("sha256");
  for (const rel of sources()) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(join(web, rel)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

// The looks' colours are light-dark(light, dark) custom properties, which a browser older
// than light-dark() (Safari before 17.5, Chrome before 123) would drop. For those, a fallback
// written from the same values: light, dark when the player chose it or the system prefers it.
function withoutLightDark(path) {
  const css = readFileSync(path, "utf8");
  const pairs = [...css.matchAll(/(--[\w-]+):\s*light-dark\(([^,()]+),\s*([^()]+?)\)/g)];
  if (pairs.length === 0) return;
  const block = (pick) => pairs.map((pair) => `${pair[1]}:${pair[pick].trim()}`).join(";");
  const dark = `:root[data-theme=dark]{${block(3)}}@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${block(3)}}}`;
  const fallback = `@supports not (color:light-dark(#000,#fff)){:root{${block(2)}}${dark}}`;
  writeFileSync(path, `${css}${fallback}\n`);
}

// Everything but the offline files, which build-offline.mjs keeps up to date itself.
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) {
  if (name !== "offline") rmSync(join(out, name), { recursive: true, force: true });
}
const files = {};
for (const [name, source] of Object.entries(ENTRIES)) {
  const result = await build({
    entryPoints: [join(web, source)],
    bundle: true,
    minify: true,
    format: "esm",
    // Browsers of the last few years: esbuild writes light-dark() (the looks) out for those
    // that lack it.
    target: name.endsWith(".css") ? ["chrome100", "firefox100", "safari15"] : "es2020",
    outdir: out,
    entryNames: `${basename(name).replace(/\.(js|css)$/, "")}-[hash]`,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const [output] = Object.keys(result.metafile.outputs);
  if (name.endsWith(".css")) withoutLightDark(join(root, output));
  files[name] = basename(output);
}
const manifest = { source: sourceHash(), files };
writeFileSync(join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`web build: ${Object.values(files).join(", ")}`);
// The engine for the browser (rules UI-21): Pyodide, the engine's modules, their worker.
console.log(`offline: ${await buildOffline(web)}`);
