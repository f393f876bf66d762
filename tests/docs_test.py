#!/usr/bin/python3
"""The front door as a test: the README stays short (at most 150 lines), every relative link in
the README and docs/ resolves to a file of the repository, every page of docs/guide/ is linked
from the README or docs/README.md, and every document of docs/ is in docs/README.md's index, so
no page is unreachable.

Usage: docs_test.py REPOSITORY_ROOT   (run by ctest as the test `docs`)"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
LINK = re.compile(r"\]\(([^)\s]+)\)")
MAX_README_LINES = 150


def relative_links(page):
    """The page's links to files of the repository (no URL, no bare anchor), anchors dropped."""
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        path = target.split("#")[0]
        if path and not re.match(r"^[a-z]+:", path):
            yield target, (page.parent / path).resolve()


def main():
    failures = []
    readme = ROOT / "README.md"
    lines = readme.read_text(encoding="utf-8").count("\n")
    if lines > MAX_README_LINES:
        failures.append(f"README.md: {lines} lines, at most {MAX_README_LINES}")
    pages = [readme] + sorted((ROOT / "docs").rglob("*.md"))
    for page in pages:
        for target, path in relative_links(page):
            if not path.exists():
                failures.append(f"{page.relative_to(ROOT)}: link to {target}: no such file")
    linked = {path for page in (readme, ROOT / "docs" / "README.md")
              for _, path in relative_links(page)}
    for guide_page in sorted((ROOT / "docs" / "guide").glob("*.md")):
        if guide_page.resolve() not in linked:
            failures.append(f"{guide_page.relative_to(ROOT)}: linked from neither README.md nor "
                            "docs/README.md")
    index = {path for _, path in relative_links(ROOT / "docs" / "README.md")}
    for document in sorted((ROOT / "docs").glob("*.md")):
        if document.name != "README.md" and document.resolve() not in index:
            failures.append(f"{document.relative_to(ROOT)}: not in the index, docs/README.md")
    for failure in failures:
        print("docs:", failure)
    print(f"docs: {len(pages)} pages checked, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
