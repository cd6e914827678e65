"""Build hook: the wheel carries what `kural` needs wherever it is installed — the compiled catalogs
(kural/locales/<lang>/LC_MESSAGES/kural.mo) and the records `kural search` ranks (kural/data/rules/).
Everything else is in pyproject.toml."""

from pathlib import Path
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        target = Path(self.build_lib) / "kural"
        for po in sorted((ROOT / "locales").glob("*/LC_MESSAGES/kural.po")):
            lang = po.parent.parent.name
            out = target / "locales" / lang / "LC_MESSAGES" / "kural.mo"
            out.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as f:
                catalog = read_po(f, locale=lang)
            with out.open("wb") as f:
                write_mo(f, catalog)
        rules = target / "data" / "rules"
        if rules.exists():
            shutil.rmtree(rules)
        for src in sorted((ROOT / "rules").rglob("*.yaml")):
            dst = rules / src.relative_to(ROOT / "rules")
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)


setup(cmdclass={"build_py": BuildWithData})
