// The checker's small path under Node, as the page's worker runs it: MicroPython's WebAssembly (web/node_modules),
// the lowered engine's zip and the catalogs' zips unpacked into its file system, then every claim of a JSON file
// answered in one process. Used by tests/test_small_path.py and scripts/small_equality.py.
//
//   node scripts/small_answers.mjs ENGINE.zip CATALOG-{lang}.zip CLAIMS.json > ANSWERS.json
//
// CLAIMS.json: [{"q": {field: [values]}, "lang": "en"}, ...]; ANSWERS.json: one entry a claim, in order: the answer
// of kural.browser.answer as the page gets it, or "" where the small path hands the claim to Pyodide. A claim with
// "op": "sheet" is a score sheet ("q": the sheet as data), answered as kural.browser.sheet_answer answers it.
import { loadMicroPython } from "../web/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "fs";
import zlib from "zlib";

const [enginePath, catalogPattern, claimsPath] = process.argv.slice(2);

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
unpack(mp, new Uint8Array(fs.readFileSync(enginePath)), "/lib");
const claims = JSON.parse(fs.readFileSync(claimsPath, "utf8"));
for (const lang of new Set(claims.map((c) => c.lang))) {
  unpack(mp, new Uint8Array(fs.readFileSync(catalogPattern.replace("{lang}", lang))), "/lib");
}
// Each claim's query as the worker sends it, JSON text written here (MicroPython's json.load would lose the order of
// a sheet's fields, which its answer keeps).
mp.FS.writeFile("/claims.json", JSON.stringify(claims.map((c) => ({ q: JSON.stringify(c.q), lang: c.lang, op: c.op || "check" }))));
// kural_small.answer (or .sheet), as the worker calls it, for every claim.
mp.runPython(`
import json
from kural_small import answer as _kural_small, sheet as _kural_sheet
with open("/claims.json") as f:
    claims = json.load(f)
with open("/answers.json", "w") as f:
    f.write("[")
    for i, c in enumerate(claims):
        f.write(("," if i else "") + json.dumps((_kural_sheet if c["op"] == "sheet" else _kural_small)(c["q"], c["lang"])))
    f.write("]")
`);
process.stdout.write(mp.FS.readFile("/answers.json", { encoding: "utf8" }));
