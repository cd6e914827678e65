// The checker's small path under Node, as the page's worker runs it: MicroPython's WebAssembly (web/node_modules),
// a game's bundle of the lowered engine unpacked into its file system when a claim of that game first needs it (as
// the worker does: beside the bundles unpacked before), the catalogs' zips, then every claim of a JSON file answered
// in one process. Used by tests/test_small_path.py and scripts/small_equality.py.
//
//   node scripts/small_answers.mjs ENGINE-{game}.zip CATALOG-{lang}.zip CLAIMS.json > ANSWERS.json
//
// CLAIMS.json: [{"q": {field: [values]}, "lang": "en", "bundle": "okey"}, ...] ("bundle": the game whose bundle
// answers it); ANSWERS.json: one entry a claim, in order: the answer of kural.browser.answer as the page gets it, or
// "" where the small path hands the claim to Pyodide. A claim with "op": "sheet" is a score sheet ("q": the sheet as
// data), answered as kural.browser.sheet_answer answers it. Its last line: the bundles unpacked, in order.
import { loadMicroPython } from "../web/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "fs";
import zlib from "zlib";

const [enginePattern, catalogPattern, claimsPath] = process.argv.slice(2);

// Every file of a zip (entries stored or deflated) written under dir: the worker's unpack, in Node.
function unpack(mp, bytes, dir) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= 0; i--) if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let n = 0; n < count; n++) {
    const method = view.getUint16(at + 10, true), size = view.getUint32(at + 20, true);
    const nameLen = view.getUint16(at + 28, true), extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true), local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extra + comment;
    const path = dir + "/" + name;
    if (name.endsWith("/")) { mp.FS.mkdirTree(path); continue; }
    const from = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    let data = bytes.subarray(from, from + size);
    if (method === 8) data = zlib.inflateRawSync(data);
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, data);
  }
}

const out = [];
const mp = await loadMicroPython({ heapsize: 48 * 1024 * 1024, pystack: 64 * 1024,
                                   stdout: (s) => out.push(s), stderr: (s) => process.stderr.write(s + "\n") });
const claims = JSON.parse(fs.readFileSync(claimsPath, "utf8"));
for (const lang of new Set(claims.map((c) => c.lang))) {
  unpack(mp, new Uint8Array(fs.readFileSync(catalogPattern.replace("{lang}", lang))), "/lib");
}
// kural_small.answer (or .sheet), as the worker calls it, for every claim, each query as the worker sends it (JSON
// text), its game's bundle unpacked and imported first.
const unpacked = [];
let entry = null;
const answers = claims.map((c) => {
  if (!unpacked.includes(c.bundle)) {
    unpack(mp, new Uint8Array(fs.readFileSync(enginePattern.replace("{game}", c.bundle))), "/lib");
    if (!entry) {
      mp.runPython("from kural_small import answer as _kural_small, sheet as _kural_sheet, game as _kural_game");
      entry = { check: mp.globals.get("_kural_small"), sheet: mp.globals.get("_kural_sheet"), game: mp.globals.get("_kural_game") };
    }
    entry.game(c.bundle);
    unpacked.push(c.bundle);
  }
  return (c.op === "sheet" ? entry.sheet : entry.check)(JSON.stringify(c.q), c.lang);
});
process.stdout.write(JSON.stringify(answers) + "\n" + JSON.stringify(unpacked));
