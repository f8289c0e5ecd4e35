// The engine in the browser (rules UI-21; docs/architecture.md, "One engine, two places to
// run it"): a Web Worker that starts Pyodide, unpacks the engine's own Python modules (the
// files the server imports, zipped by scripts/build-offline.mjs) and answers the board's
// questions through solitaire.local_play.Device, so that no rule is written twice. It runs
// off the page's thread: starting Pyodide takes a moment, an action a tenth of a millisecond.
//
//   worker.postMessage({ files: { runtime, engine } });          // once: where the files are
//   worker.postMessage({ id: 7, ask: { op: "act", id: "g1", version: 3, intent } });
//   → { id: 7, answer } or { id: 7, error }   (and { ready: true } once the engine is up)

/* global self */

let device = null;

async function startEngine({ runtime, engine }) {
  // The loader is fetched at run time (it is not bundled): the same file the service
  // worker keeps, under the runtime's versioned address.
  const { loadPyodide } = await import(/* @vite-ignore */ `${runtime}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: runtime, packages: [] });
  const zipped = await fetch(engine);
  if (!zipped.ok) throw new Error(`engine: HTTP ${zipped.status}`);
  pyodide.unpackArchive(await zipped.arrayBuffer(), "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
  const module = pyodide.pyimport("solitaire.local_play");
  device = module.Device();
}

let started = null;

self.onmessage = async (event) => {
  const { files, id, ask } = event.data;
  if (files) {
    started ??= startEngine(files).then(
      () => self.postMessage({ ready: true }),
      (error) => self.postMessage({ ready: false, error: String(error) }),
    );
    return;
  }
  try {
    await started;
    if (!device) throw new Error("the engine did not start");
    const { answer, error, detail } = JSON.parse(device.handle(JSON.stringify(ask)));
    self.postMessage(error ? { id, error: `${error}: ${detail}` } : { id, answer });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
