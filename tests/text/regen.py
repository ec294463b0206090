"""``python -m tests.text.regen``: rewrite every game's golden transcripts of the text mode, in
``tests/games/<id>/golden/`` (then read the diff: each one should still read well in its language)."""
from __future__ import annotations

from tests.text.cases import gather, transcript


def main() -> None:
    for case in gather():
        case.home.mkdir(exist_ok=True)
        text, out = transcript(case)
        case.path.write_text(text, encoding="utf-8")
        print(f"{case.path.name}: exit {out.returncode}{' (stderr: ' + out.stderr.strip() + ')' if out.stderr else ''}")


if __name__ == "__main__":
    main()
