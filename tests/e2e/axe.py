"""axe-core (the npm package the setup installs, never fetched at run time) run in a page:
the accessibility rules it breaks, of serious or critical impact.

>>> AXE.name
'axe.min.js'
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .harness import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail a test; axe calls the others "minor" and "moderate".
FAILING = ("serious", "critical")


def axe_violations(page: Page, include: str | None = None) -> list[dict[str, Any]]:
    """The serious and critical violations on the page (or inside ``include``, a selector):
    each ``{"id", "impact", "help", "targets"}``."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # Evaluated, not added as a <script>: the app's Content-Security-Policy allows no
        # script it did not serve itself.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    found: list[dict[str, Any]] = page.evaluate(
        """async (include) => {
          const results = await axe.run(include ? { include: [include] } : document,
                                        { resultTypes: ["violations"] });
          return results.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
          }));
        }""",
        include,
    )
    return [violation for violation in found if violation["impact"] in FAILING]
