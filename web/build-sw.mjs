// Kural's service worker, made at build time with Workbox (workbox-build, pinned in package.json): run by
// kural/site/pages/offline.py after every language is built, with the job as JSON on standard input:
//   {site, swSrc, swDest, workbox, langs, parts: {part: {globPatterns, globIgnores}}, wasm: {xz, decoder, version} | null}
// For each part, workbox-build's getManifest lists the files with their revision (MD5) and size; the lists and
// where Workbox's modules are go into the worker's source (kural/site/assets/kural-sw.js), written to swDest.
// Prints {part: {files, bytes}} as JSON.
import { readFileSync, writeFileSync } from "node:fs";
import { getManifest } from "workbox-build";

const job = JSON.parse(readFileSync(0, "utf-8"));

// Each file's size, noted before workbox-build drops it from the entries: the page says how much each part takes.
const sizeOf = new Map();
const noteSizes = async (entries) => {
  for (const e of entries) sizeOf.set(e.url, e.size);
  return { manifest: entries, warnings: [] };
};

const parts = {};
const summary = {};
for (const [name, globs] of Object.entries(job.parts)) {
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: job.site,
    globPatterns: globs.globPatterns,
    globIgnores: globs.globIgnores,
    globFollow: false,
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,  // Pyodide's wasm is 8.6 MB
    manifestTransforms: [noteSizes],
  });
  if (warnings.length) {
    process.stderr.write(warnings.join("\n") + "\n");
    process.exit(1);
  }
  if (!manifestEntries.length) {
    process.stderr.write(`no file for the part "${name}" in ${job.site}\n`);
    process.exit(1);
  }
  const entries = manifestEntries.map((e) => ({ url: e.url, revision: e.revision, size: sizeOf.get(e.url) }));
  entries.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  parts[name] = entries;
  summary[name] = { files: entries.length, bytes: entries.reduce((n, e) => n + e.size, 0) };
}

const json = (value) => JSON.stringify(value).replace(/</g, "\\u003c");
// A file a line: a change in one file changes one line of the worker.
const lists = (value) => "{\n" + Object.entries(value).map(([name, entries]) =>
  `${json(name)}: [\n${entries.map(json).join(",\n")}\n]`).join(",\n") + "\n}";
let source = readFileSync(job.swSrc, "utf-8");
for (const [mark, value] of [["self.__KURAL_PARTS", lists(parts)], ["self.__KURAL_LANGS", json(job.langs)],
                             ["self.__KURAL_WASM", json(job.wasm || null)]]) {
  if (!source.includes(mark)) throw new Error(`${job.swSrc} has no ${mark}`);
  source = source.replace(mark, () => value);
}
source = source.split("__KURAL_WORKBOX__").join(job.workbox);
writeFileSync(job.swDest, source);
process.stdout.write(JSON.stringify(summary));
