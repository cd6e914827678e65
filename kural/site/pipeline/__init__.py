"""The asset pipeline: what the pages load besides their HTML, made at build time (Pyodide and the page's
Python library, compiled ahead of time; minified scripts; the style of the first paint; the palette)."""
