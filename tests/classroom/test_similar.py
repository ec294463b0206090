"""Similar submissions: a copy with its names renamed, its comments rewritten and
its layout changed is flagged, two students' own solutions of the same lab are not, what two
students share only with the starter is not, the same submissions give the same fingerprints in
another process, the side-by-side page escapes a hostile name and hostile code, and ``nimarcade
class`` flags the pair in class.json and the teacher's index, never on a student's own page."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from nimarcade.classroom import cli as class_cli
from nimarcade.classroom import similar
from nimarcade.classroom.html import write_report
from nimarcade.classroom.html_similar import pair_file
from tests.classroom.players import GREEDY, RIGHT, make_folder
from tests.classroom.test_html import HOSTILE, class_data

STARTERS = Path(__file__).resolve().parents[2] / "examples" / "starters"

#: RIGHT as a student who copied it would hand it in: every name of theirs renamed, comments
#: rewritten, blank lines and spacing changed.
DISGUISED = (RIGHT.replace("grundy_of", "calcule").replace("best", "meilleur").replace("seen", "vus")
             .replace("total", "acc").replace("make", "fabrique").replace('name = "Mine"', 'name = "Moi"')
             .replace("    @lru_cache", "    # on garde les valeurs déjà vues\n\n    @lru_cache")
             .replace("        n = 0\n", "        n=0   # le mex\n\n")
             .replace("class Right(Player):", "# Mon joueur, écrit seul.\nclass MonJoueur( Player ) :"))

#: The same lab solved apart: a class, a memo of its own, the moves looked at one by one.
OWN = '''from nimarcade.players import Player


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


class Smart(Player):
    name = "Alice"

    def __init__(self):
        self.memo = {}

    def grundy(self, n, build):
        if n in self.memo:
            return self.memo[n]
        options = set()
        for _, take, left in build((n,)).legal_moves():
            options.add(self.grundy(left, build) ^ self.grundy(n - take - left, build))
        self.memo[n] = mex(options)
        return self.memo[n]

    def choose_move(self, state):
        build = lambda heaps: type(state)(heaps, state.code)
        x = 0
        for heap in state.heaps:
            x ^= self.grundy(heap, build)
        for move in state.legal_moves():
            i, take, left = move
            h = state.heaps[i]
            if x ^ self.grundy(h, build) ^ self.grundy(left, build) ^ self.grundy(h - take - left, build) == 0:
                return move
        return state.legal_moves()[0]
'''


def copies(root: Path, **files: dict[str, str]) -> list[tuple[str, str, Path]]:
    """Students' copies as ``nimarcade class`` makes them: (key, name, folder)."""
    out = []
    for key, handed in files.items():
        folder = root / key
        folder.mkdir(parents=True)
        for name, text in handed.items():
            (folder / name).write_text(text, encoding="utf-8")
        out.append((key, key.capitalize(), folder))
    return out


def test_a_copy_renamed_recommented_and_relaid_is_flagged_with_its_lines(tmp_path) -> None:
    assert DISGUISED != RIGHT and "Mine" not in DISGUISED
    pairs = similar.find(copies(tmp_path, alice={"kayles.py": RIGHT}, bob={"joueur.py": DISGUISED},
                                chloe={"own.py": OWN}))
    assert [(p["a"], p["b"]) for p in pairs] == [("alice", "bob")]
    pair = pairs[0]
    assert pair["score"] == 1.0 and pair["name_a"] == "Alice" and pair["shared"] >= similar.MIN_FINGERPRINTS
    first = pair["passages"][0]
    assert first["a"]["file"] == "kayles.py" and first["b"]["file"] == "joueur.py"
    lines_a = len(RIGHT.splitlines())
    assert first["a"]["lines"][0] <= 3 and first["a"]["lines"][1] >= lines_a - 3     # the whole program
    assert first["b"]["lines"][1] > first["a"]["lines"][1]                          # moved by the blank lines


def test_two_students_own_solutions_and_a_two_line_player_are_not_flagged(tmp_path) -> None:
    starters = similar.base_hashes(similar.shipped_starters())
    works = [similar.read_work(k, n, f, starters) for k, n, f in
             copies(tmp_path, alice={"kayles.py": RIGHT}, chloe={"own.py": OWN}, zoe={"z.py": GREEDY},
                    zack={"z.py": GREEDY})]
    assert similar.compare(works) == []
    everything = similar.compare(works, threshold=0.0)
    scores = {(p["a"], p["b"]): p["score"] for p in everything}
    assert 0 < scores[("alice", "chloe")] < similar.THRESHOLD / 2
    assert ("zoe", "zack") not in scores          # identical, but too short to tell a copy from a coincidence


def test_what_two_students_share_only_with_the_starter_is_not_flagged(tmp_path) -> None:
    starter = (STARTERS / "c" / "player.c").read_text(encoding="utf-8")
    choose = 'sprintf(out, "1:1");'
    assert choose in starter
    one = starter.replace(choose, 'sprintf(out, "%d:1", nheaps);')
    other = starter.replace(choose, "if (nheaps > 1) sprintf(out, \"2:1\"); else sprintf(out, \"1:1\");")
    students = copies(tmp_path, alice={"player.c": one, "player.toml": 'command = ["./player"]\n'},
                      bob={"player.c": other})
    assert similar.find(students, similar.shipped_starters()) == []
    unaware = similar.find(students)              # without the starter, the skeleton is all they share
    assert [(p["a"], p["b"]) for p in unaware] == [("alice", "bob")]


def test_the_fingerprints_are_the_same_in_another_process(tmp_path) -> None:
    file = tmp_path / "kayles.py"
    file.write_text(RIGHT, encoding="utf-8")
    here = similar.read_work("a", "A", tmp_path, set()).prints
    script = ("import sys; from pathlib import Path; from nimarcade.classroom import similar; "
              "print(sorted(similar.read_work('a', 'A', Path(sys.argv[1]), set()).prints.items()))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    there = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, env=env,
                           check=True, cwd=Path(__file__).resolve().parents[2]).stdout
    assert there.strip() == str(sorted(here.items()))


def test_the_side_by_side_page_escapes_hostile_names_and_code(tmp_path) -> None:
    data = class_data("fr", tournament=False)
    code = "def choose_move(state):\n    return '</pre><script>alert(1)</script>\x1b[2J\u202e'\n"
    for key in ("chloe-martin-12345", "zoe-99"):
        (tmp_path / "submissions" / key).mkdir(parents=True)
        (tmp_path / "submissions" / key / "k<b>.py").write_text(code, encoding="utf-8")
    where = {"file": "k<b>.py", "lines": [1, 2]}
    data["similar"] = [{"a": "chloe-martin-12345", "b": "zoe-99", "name_a": "Chloé Martin", "name_b": HOSTILE,
                        "score": 1.0, "shared": 9, "passages": [{"a": where, "b": where}]}]
    data["similar_threshold"] = similar.THRESHOLD
    index = write_report(data, tmp_path).read_text(encoding="utf-8")
    page = (tmp_path / pair_file(data["similar"][0])).read_text(encoding="utf-8")
    for html in (index, page):
        assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "\x1b" not in html and "\u202e" not in html
    assert "&lt;/pre&gt;" in page and "\\x1b[2J" in page and "k&lt;b&gt;.py" in page
    assert 'href="similar/chloe-martin-12345--zoe-99.html"' in index
    assert "Rendus semblables" in index and "100 %" in page
    assert "semblable" not in (tmp_path / "students" / "zoe-99.html").read_text(encoding="utf-8").lower()


def test_the_class_flags_the_copy_in_its_report_and_never_on_a_students_page(tmp_path) -> None:
    folder = make_folder(tmp_path / "rendus", [("Alice Martin", "1", {"kayles.py": RIGHT}),
                                               ("Bob Petit", "2", {"joueur.py": DISGUISED}),
                                               ("Chloé Roux", "3", {"own.py": OWN})])
    out, err = io.StringIO(), io.StringIO()
    code = class_cli.run([str(folder), "--game", "octal", "--level", "kayles", "--positions", "2", "--time", "0.5",
                          "--out", str(tmp_path / "out"), "--lang", "en"], out, err)
    assert code == 0, err.getvalue()
    data = json.loads((tmp_path / "out" / "class.json").read_text(encoding="utf-8"))
    assert [(p["name_a"], p["name_b"], p["score"]) for p in data["similar"]] == [("Alice Martin", "Bob Petit", 1.0)]
    assert data["similar_threshold"] == similar.THRESHOLD
    assert "1 pair of similar submissions" in err.getvalue()
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "Similar submissions" in index and pair_file(data["similar"][0]) in index
    name = pair_file(data["similar"][0])
    copies = [tmp_path / "out" / name, *(tmp_path / "out").glob(f"runs/*/{name}")]
    assert len(copies) == 2                       # the top's copy, and the run's own in runs/<run>/
    for page in copies:
        assert page.read_text(encoding="utf-8").count("lru_cache") == 4     # both programs' code, twice each
    pages = {p.stem: p.read_text(encoding="utf-8") for p in (tmp_path / "out" / "students").glob("*.html")}
    assert len(pages) == 3 and not any("similar" in text.lower() for text in pages.values())
    assert "Bob Petit" not in pages["alice-martin-1"] and "Alice Martin" not in pages["bob-petit-2"]
    code = class_cli.run([str(folder), "--game", "octal", "--starter", str(tmp_path / "nothing.py"),
                          "--out", str(tmp_path / "out2")], out, err)
    assert code == class_cli.USAGE_ERROR and "nothing.py" in err.getvalue()
