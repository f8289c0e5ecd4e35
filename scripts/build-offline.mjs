// The files that let the board play without the network (rules UI-21; docs/architecture.md,
// "One engine, two places to run it"), written to src/solitaire/web/build/offline/:
//
// - pyodide-<version>/: Pyodide's runtime from the pinned npm package (package-lock.json):
//   its loader, its WebAssembly and Python's standard library, each beside a gzip and a
//   brotli copy, so that the server sends them compressed without compressing them itself;
// - engine-<hash>.zip: the engine's Python modules (the same files the server imports,
//   nothing else: they use the standard library only), named by their content;
// - engine-worker-<hash>.js: the Web Worker that runs them (web/static/engine-worker.js);
// - files.json: what a browser fetches and keeps, with each file's size on the wire.
//
// Pyodide's files are compressed once per version and kept between builds (a build
// otherwise takes under a second); the engine and the worker are written every time.
//
//   import { buildOffline } from "./build-offline.mjs";  await buildOffline(webDir);

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, deflateRawSync, gzipSync } from "node:zlib";
import { build } from "esbuild";

// What Pyodide needs to start with no package loaded.
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
// The engine: the modules the board's observation needs (docs/architecture.md, "The layers"),
// and local_play.py, which answers the worker's questions with the server's own states.
const ENGINE = [
  "__init__.py",
  "cards.py",
  "codes.py",
  "deals.py",
  "moves.py",
  "position.py",
  "layout.py",
  "play.py",
  "local_play.py",
  "games/__init__.py",
  "games/base.py",
  "games/finish.py",
  "games/stock_and_foundations.py",
  "games/klondike.py",
  "games/easy_harp.py",
  "games/simple_simon.py",
];

function compressed(path) {
  const body = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
}

function hashOf(bytes) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 12);
}

// CRC-32, for the zip's entries.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// A zip of `entries` ({name, bytes}), deflated, with fixed dates (the same sources make the
// same bytes, hence the same name).
function zipOf(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, bytes } of entries) {
    const packed = deflateRawSync(bytes, { level: 9 });
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(bytes.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function wireSize(path) {
  return existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : statSync(path).size;
}

export async function buildOffline(web) {
  const root = join(web, "..", "..", "..");
  const out = join(web, "build", "offline");
  mkdirSync(out, { recursive: true });
  const require = createRequire(join(root, "package.json"));
  const pyodideDir = dirname(require.resolve("pyodide/package.json"));
  const { version } = JSON.parse(readFileSync(join(pyodideDir, "package.json"), "utf8"));
  const runtime = `pyodide-${version}`;

  // Pyodide, once per version; another version's files go.
  const runtimeDir = join(out, runtime);
  const ready = join(runtimeDir, ".complete");
  if (!existsSync(ready)) {
    rmSync(runtimeDir, { recursive: true, force: true });
    mkdirSync(runtimeDir, { recursive: true });
    for (const name of PYODIDE_FILES) {
      writeFileSync(join(runtimeDir, name), readFileSync(join(pyodideDir, name)));
      compressed(join(runtimeDir, name));
    }
    writeFileSync(ready, `${version}\n`);
  }
  // Everything else of an earlier build: other versions, older engines and workers.
  for (const name of readdirSync(out)) {
    if (name !== runtime) rmSync(join(out, name), { recursive: true, force: true });
  }

  const package_ = join(web, "..");
  const engine = zipOf(
    ENGINE.map((name) => ({ name: `solitaire/${name}`, bytes: readFileSync(join(package_, name)) })),
  );
  const engineName = `engine-${hashOf(engine)}.zip`;
  writeFileSync(join(out, engineName), engine);
  compressed(join(out, engineName));

  const worker = await build({
    entryPoints: [join(web, "static", "engine-worker.js")],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    write: false,
    legalComments: "none",
    logLevel: "warning",
  });
  const workerBytes = Buffer.from(worker.outputFiles[0].contents);
  const workerName = `engine-worker-${hashOf(workerBytes)}.js`;
  writeFileSync(join(out, workerName), workerBytes);
  compressed(join(out, workerName));

  const files = [workerName, engineName, ...PYODIDE_FILES.map((name) => `${runtime}/${name}`)];
  const listing = {
    pyodide: version,
    worker: `/offline/${workerName}`,
    engine: `/offline/${engineName}`,
    runtime: `/offline/${runtime}/`,
    files: files.map((name) => `/offline/${name}`),
    wire_bytes: files.reduce((sum, name) => sum + wireSize(join(out, name)), 0),
    bytes: files.reduce((sum, name) => sum + statSync(join(out, name)).size, 0),
  };
  writeFileSync(join(out, "files.json"), `${JSON.stringify(listing, null, 2)}\n`);
  const relativeOut = relative(root, out).split(sep).join("/");
  return `${relativeOut}: ${basename(workerName)}, ${engineName}, ${runtime} (${(listing.wire_bytes / 1e6).toFixed(1)} MB on the wire)`;
}
