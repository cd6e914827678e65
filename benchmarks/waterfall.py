"""Where a checker link's first verdict waits: cold runs on the slow-phone profile, each with every request the page
makes (start, response headers, end, bytes as sent, priority: Chromium's DevTools protocol, seconds from the page's
request) and the worker's own marks on the page's clock (its files handed over, MicroPython started, the bundle
unpacked and imported, the claim answered). Not a figure of ``scripts/bench``: a tool to read before changing the
load (CONTRIBUTING, "Where the time goes now").

``python -m benchmarks.waterfall SITE [RUNS] [LINK]``: SITE a built site (``python -m kural.site.build --out SITE``),
served as ``benchmarks/phone.py`` serves it, from a copy whose worker is this tree's unminified source with marks
added (``NOMARKS=1``: the site as built, no marks); ``OUT=file.json`` keeps the runs.
"""
import json, os, shutil, sys, tempfile
from pathlib import Path

from benchmarks.phone import _serve, slow_phone
from benchmarks.chromium import launch
from benchmarks import _verdict
from benchmarks.first_verdict import LINK

# The marks: each patch puts one after a line of kural-check-worker.js (a line changed there stops the script, naming it).
MARK = "function KM(n){(self.kuralMarks=self.kuralMarks||[]).push([n,performance.timeOrigin+performance.now()])}\nKM('worker script runs');\n"
PATCHES = [
    ('if (m.type === "file") { fileHanded(m.url, m.bytes); return; }',
     'if (m.type === "file") { KM("file handed " + m.url.split("/").pop() + (m.bytes ? "" : " (null)")); fileHanded(m.url, m.bytes); return; }'),
    ("    var mod;\n    try {\n      mod = await import(", "    KM('mp script bytes in');\n    var mod;\n    try {\n      mod = await import("),
    ("    var mp = await mod.loadMicroPython(", "    KM('mp module imported');\n    var mp = await mod.loadMicroPython("),
    ("    return { mp: mp, answer: null,", "    KM('micropython started');\n    return { mp: mp, answer: null,"),
    ("bundleFile(config, game).then(function (bytes) { return unpack(s.mp, bytes, \"/lib\"); }).then(function () {",
     "bundleFile(config, game).then(function (bytes) { KM('bundle bytes (inflated)'); return unpack(s.mp, bytes, \"/lib\"); }).then(function () { KM('bundle unpacked');"),
    ("      s.game(game);\n      smallLoaded.push(game);", "      KM('entry imported'); s.game(game); KM('game imported');\n      smallLoaded.push(game);"),
    ("      if (bytes) await unpack(s.mp, await bytes, \"/lib\");", "      if (bytes) { var cb = await bytes; KM('catalog bytes'); await unpack(s.mp, cb, \"/lib\"); KM('catalog unpacked'); }"),
    ("    var text = s[smallOp(m)](JSON.stringify(m.query), m.lang);", "    KM('asked'); var text = s[smallOp(m)](JSON.stringify(m.query), m.lang); KM('answered');"),
]

def patched_site(src: Path, tmp: Path) -> Path:
    dst = tmp / "site"
    shutil.copytree(src, dst, symlinks=True)
    for w in dst.glob("_checker/kural-check-worker.js"):
        text = (Path(__file__).resolve().parents[1] / "kural/site/assets/kural-check-worker.js").read_text()
        text = text.replace('"use strict";\n', '"use strict";\n' + MARK, 1)
        for a, b in PATCHES:
            assert a in text, f"kural-check-worker.js no longer has: {a}"
            text = text.replace(a, b)
        w.write_text(text)
    return dst

def one(browser, base, sent, link):
    context, page = slow_phone(browser, service_workers="block")
    cdp = context.new_cdp_session(page)  # a second session for the events
    cdp.send("Network.enable")
    reqs = {}
    cdp.on("Network.requestWillBeSent", lambda e: reqs.setdefault(e["requestId"], {}).update(
        url=e["request"]["url"], t0=e["timestamp"], prio=e["request"].get("initialPriority"), type=e.get("type")))
    cdp.on("Network.resourceChangedPriority", lambda e: reqs.setdefault(e["requestId"], {}).update(prio2=e["newPriority"]))
    cdp.on("Network.responseReceived", lambda e: reqs.setdefault(e["requestId"], {}).update(t1=e["timestamp"], proto=e["response"].get("protocol")))
    cdp.on("Network.loadingFinished", lambda e: reqs.setdefault(e["requestId"], {}).update(t2=e["timestamp"], size=e["encodedDataLength"]))
    workers = []
    page.on("worker", lambda w: workers.append(w))
    _verdict.watch(page)
    sent.clear()
    page.goto(base + link, timeout=300_000)
    shown = _verdict.shown(page, timeout=300_000)
    nav = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
      const p = performance.getEntriesByName('first-contentful-paint')[0];
      return {origin: performance.timeOrigin, responseEnd: n.responseEnd, domInteractive: n.domInteractive,
              dcl: n.domContentLoadedEventStart, load: n.loadEventStart, fcp: p ? p.startTime : null,
              res: performance.getEntriesByType('resource').map(e => [e.name, e.startTime, e.responseStart, e.responseEnd, e.transferSize, e.initiatorType]),
              timings: window.kuralCheckTimings}; }""")
    marks = []
    for w in workers:
        try:
            marks += w.evaluate("self.kuralMarks || []")
        except Exception as e:
            marks.append(["(worker gone)", 0])
    context.close()
    doc = min((r for r in reqs.values() if "t0" in r), key=lambda r: r["t0"])
    base_t = doc["t0"]
    rows = []
    for r in reqs.values():
        if "t0" not in r:
            continue
        rows.append(((r["t0"] - base_t), (r.get("t1", 0) - base_t) if "t1" in r else None,
                     (r.get("t2", 0) - base_t) if "t2" in r else None, r.get("size", 0), r.get("prio"), r.get("prio2"),
                     r.get("type"), r["url"].replace(base, "")))
    rows.sort()
    return {"shown": shown, "bytes": sum(sent), "nav": nav, "rows": rows,
            "marks": sorted([(t - nav["origin"]) / 1000, n] for n, t in marks)}

def show(run):
    print(f"verdict shown {run['shown']:.2f} s, {run['bytes']/1e6:.3f} MB sent")
    n = run["nav"]
    print(f"  html responseEnd {n['responseEnd']/1000:.2f}  fcp {(n['fcp'] or 0)/1000:.2f}  domInteractive {n['domInteractive']/1000:.2f}  DCL {n['dcl']/1000:.2f}  load {n['load']/1000:.2f}")
    print("  CDP (s from the document's request): start  headers  end   KB   priority  type  url")
    for t0, t1, t2, size, p, p2, typ, url in run["rows"]:
        f = lambda x: f"{x:6.2f}" if x is not None else "   -  "
        print(f"   {f(t0)} {f(t1)} {f(t2)} {size/1000:7.1f}  {p}{'->'+p2 if p2 else ''}  {typ}  {url[:90]}")
    print("  worker marks (s, page clock):")
    for t, name in run["marks"]:
        print(f"   {t:6.2f}  {name}")

if __name__ == "__main__":
    from playwright.sync_api import sync_playwright
    site = Path(sys.argv[1]); runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    link = sys.argv[3] if len(sys.argv) > 3 else LINK
    with tempfile.TemporaryDirectory() as tmp:
        folder = patched_site(site, Path(tmp)) if os.environ.get("NOMARKS") != "1" else site
        httpd, base, sent = _serve(folder)
        with sync_playwright() as p:
            browser = launch(p)
            out = []
            for i in range(runs):
                r = one(browser, base, sent, link)
                r["load"] = os.getloadavg()[0]
                out.append(r)
                show(r); print(f"  load {r['load']:.1f}")
            browser.close()
        httpd.shutdown()
        if os.environ.get("OUT"):
            Path(os.environ["OUT"]).write_text(json.dumps(out))
