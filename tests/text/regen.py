"""``python -m tests.text.regen``: rewrite every golden transcript of the text mode (then read the
diff: each one should still read well in its language)."""
from __future__ import annotations

from tests.text.cases import CASES, GOLDEN, transcript


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        text, out = transcript(case)
        case.path.write_text(text, encoding="utf-8")
        print(f"{case.path.name}: exit {out.returncode}{' (stderr: ' + out.stderr.strip() + ')' if out.stderr else ''}")


if __name__ == "__main__":
    main()
