#!/usr/bin/env python3
"""Checks a page of the console as Chromium rendered it (--dump-dom), for scripts/console-test.sh.

    console-check.py comparison PAGE LANGUAGE...   the comparison table has a column per language, each with
                                                   an outcome, a best term and aligned phones coloured by cost
    console-check.py lint PAGE FILE TEXT           the lint list has a group for FILE with a finding on a line
                                                   that says TEXT
    console-check.py error PAGE FIELD TEXT         the page shows the API's error naming FIELD and saying TEXT,
                                                   and no comparison table

Exits 1 with what was missing.
"""
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    """The parts of the page the checks read: header languages, each row's cells' text, the error box."""

    def __init__(self):
        super().__init__()
        self.languages = []
        self.rows = {}  # row name -> [cell text]
        self.steps = 0  # aligned phone columns
        self.costed = 0  # of which coloured by a cost class
        self.error = None
        self.lint = {}  # file -> [finding text]
        self._summary = None
        self._finding = None
        self._group = None
        self.error_hidden = True
        self._row = None
        self._cell = None
        self._error_depth = 0
        self._stack = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        self._stack.append(tag)
        if tag == "th" and "data-language" in attributes:
            self.languages.append(attributes["data-language"])
        if tag == "tr" and "data-row" in attributes:
            self._row = attributes["data-row"]
            self.rows[self._row] = []
        if tag == "td" and self._row is not None:
            self._cell = []
        if tag == "span" and "step" in classes and "q" not in classes:
            self.steps += 1
            if any(c.startswith("cost-") or c == "filler" for c in classes):
                self.costed += 1
        if tag == "summary":
            self._summary = []
        if tag == "li" and self._group is not None:
            self._finding = []
        if attributes.get("id") == "error":
            self.error = ""
            self.error_hidden = "hidden" in attributes
            self._error_depth = len(self._stack)

    def handle_endtag(self, tag):
        if tag == "summary" and self._summary is not None:
            self._group = "".join(self._summary).rsplit(" (", 1)[0]
            self.lint[self._group] = []
            self._summary = None
        if tag == "li" and self._finding is not None:
            self.lint[self._group].append("".join(self._finding))
            self._finding = None
        if tag == "details":
            self._group = None
        if tag == "td" and self._cell is not None and self._row is not None:
            self.rows[self._row].append("".join(self._cell).strip())
            self._cell = None
        if tag == "tr":
            self._row = None
        if self._error_depth and len(self._stack) == self._error_depth:
            self._error_depth = 0
        if self._stack:
            self._stack.pop()

    def handle_data(self, data):
        if self._summary is not None:
            self._summary.append(data)
        if self._finding is not None:
            self._finding.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._error_depth:
            self.error += data


def fail(message):
    print(f"console-check: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("comparison", "error", "lint"):
        fail(__doc__)
    kind, path = sys.argv[1], sys.argv[2]
    page = Page()
    with open(path, encoding="utf-8") as file:
        page.feed(file.read())
    if kind == "comparison":
        wanted = sys.argv[3:]
        if page.error and not page.error_hidden:
            fail(f"{path}: the page shows an error: {page.error.strip()}")
        if page.languages != wanted:
            fail(f"{path}: the table's languages are {page.languages}, expected {wanted}")
        for row in ("locale", "heard", "read", "outcome", "best", "aligned"):
            cells = page.rows.get(row)
            if cells is None or len(cells) != len(wanted) or not all(cells):
                fail(f"{path}: row '{row}' should have a filled cell per language, found {cells}")
        outcomes = page.rows["outcome"]
        known = ("success", "confirmationRequired", "disambiguation", "unsupported", "needsValue")
        if not all(cell.startswith(known) for cell in outcomes):
            fail(f"{path}: unexpected outcomes {outcomes}")
        if page.steps == 0 or page.costed != page.steps:
            fail(f"{path}: {page.steps} aligned phones, {page.costed} coloured by cost")
        print(f"console-check: {len(wanted)} languages, outcomes {outcomes}, {page.steps} aligned phones")
    elif kind == "lint":
        file, text = sys.argv[3], sys.argv[4]
        findings = page.lint.get(file)
        if not findings:
            fail(f"{path}: no lint group for {file}; groups: {sorted(page.lint)}")
        if not any(f.startswith("line ") and text in f for f in findings):
            fail(f"{path}: no finding with a line saying '{text}' under {file}: {findings}")
        print(f"console-check: lint lists {len(findings)} finding(s) under {file}")
    else:
        field, text = sys.argv[3], sys.argv[4]
        message = (page.error or "").strip()
        if page.error_hidden or not message:
            fail(f"{path}: no error shown (expected one naming {field})")
        if field + ":" not in message or text not in message:
            fail(f"{path}: the error '{message}' should name '{field}' and say '{text}'")
        if page.languages:
            fail(f"{path}: a comparison table is shown beside the error")
        print(f"console-check: error shown: {message}")


if __name__ == "__main__":
    main()
