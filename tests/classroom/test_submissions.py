"""Reading a class's submissions: Moodle's folders, one file or folder per student, player.toml,
a zip unpacked without trusting it, and the teacher's positions."""
from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.classroom import safezip, submissions, teacher
from nimarcade.core import registry as games


def write(path: Path, text: str = "def choose_move(state):\n    return state.legal_moves()[0]\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_moodle_folders_give_the_name_and_the_id_and_online_text_is_the_same_student(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Chloé Martin_12345_assignsubmission_file_" / "kayles.py")
    write(root / "Chloé Martin_12345_assignsubmission_onlinetext_" / "onlinetext.html", "<p>x</p>")
    write(root / "Ana_7_assignsubmission_file_" / "p.py")
    found = submissions.read(root, tmp_path / "out")
    assert [(s.name, s.id, s.key) for s in found] == [("Ana", "7", "ana-7"), ("Chloé Martin", "12345", "chloe-martin-12345")]
    chloe = found[1]
    assert chloe.file == "Chloé Martin_12345_assignsubmission_file_/kayles.py" and chloe.error is None
    assert chloe.player == tmp_path / "out" / "chloe-martin-12345" / "kayles.py"
    assert sorted(p.name for p in chloe.folder.iterdir()) == ["kayles.py", "onlinetext.html"]


def test_one_file_or_one_folder_per_student_works_too(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Zoé Petit.py")
    write(root / "Hugo" / "src" / "main.py")
    write(root / ".hidden.py")
    write(root / "__MACOSX" / "x.py")
    write(root / "positions.toml", "")
    found = {s.name: s for s in submissions.read(root, tmp_path / "out")}
    assert sorted(found) == ["Hugo", "Zoé Petit"]
    assert found["Zoé Petit"].id is None and found["Zoé Petit"].file == "Zoé Petit.py"
    assert found["Hugo"].file == "Hugo/src/main.py" and found["Hugo"].player.name == "main.py"


def test_several_files_or_none_is_the_students_error_and_player_toml_chooses(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Deux" / "a.py")
    write(root / "Deux" / "b.py")
    write(root / "Rien" / "notes.txt", "x")
    write(root / "Choix" / "a.py")
    write(root / "Choix" / "helper.py")
    write(root / "Choix" / "player.toml", 'file = "a.py"\n')
    write(root / "Faux" / "player.toml", 'file = "../Choix/a.py"\n')
    write(root / "Casse" / "player.toml", 'file = \n')
    found = {s.name: s for s in submissions.read(root, tmp_path / "out")}
    assert found["Deux"].error == ("class.several_files", {"files": "a.py, b.py"})
    assert found["Rien"].error == ("class.no_file", {})
    assert found["Choix"].error is None and found["Choix"].player.name == "a.py" and found["Choix"].file == "Choix/a.py"
    assert found["Faux"].error[0] == "class.toml_no_such_file"        # nothing outside their own folder
    assert found["Casse"].error[0] == "class.bad_toml"
    for s in found.values():
        if s.error:
            assert i18n.tr(s.error[0], **s.error[1]) != s.error[0]


def test_a_command_points_into_the_students_own_copy(tmp_path) -> None:
    """How a C or Java student hands in: a program and a player.toml naming its command."""
    root = tmp_path / "in"
    write(root / "Cé" / "nimplayer", "#!/bin/sh\n")
    write(root / "Cé" / "player.toml", 'command = ["./nimplayer", "--quiet"]\n')
    write(root / "Java" / "NimPlayer.class", "x")
    write(root / "Java" / "player.toml", 'command = ["java", "-cp", ".", "NimPlayer"]\n')
    found = {s.name: s for s in submissions.read(root, tmp_path / "out")}
    copy = tmp_path / "out"
    assert found["Cé"].command == (str((copy / "ce" / "nimplayer").resolve()), "--quiet")
    assert found["Java"].command == ("java", "-cp", str((copy / "java").resolve()), "NimPlayer")
    assert found["Cé"].file == "Cé/player.toml"


def test_a_link_is_never_followed(tmp_path) -> None:
    secret = write(tmp_path / "secret.txt", "the teacher's")
    root = tmp_path / "in"
    write(root / "Ana" / "p.py")
    os.symlink(secret, root / "Ana" / "steal.txt")
    os.symlink(tmp_path, root / "Ana" / "up")
    os.symlink(root / "Ana" / "p.py", root / "Linked.py")
    found = submissions.read(root, tmp_path / "out")
    assert [s.name for s in found] == ["Ana"]
    assert sorted(p.name for p in found[0].folder.rglob("*")) == ["p.py"]


def test_same_names_get_their_own_keys_and_the_digest_follows_the_content(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Jean Dupont_1_assignsubmission_file_" / "a.py")
    write(root / "Jean Dupont_2_assignsubmission_file_" / "a.py")
    write(root / "Jean Dupont" / "a.py")
    write(root / "jean dupont.py")
    found = submissions.read(root, tmp_path / "out")
    keys = [s.key for s in found]
    assert len(set(keys)) == 4 and "jean-dupont-1" in keys and "jean-dupont-2" in keys
    before = {s.key: s.digest for s in found}
    write(root / "Jean Dupont_1_assignsubmission_file_" / "a.py", "def choose_move(s):\n    return 1\n")
    after = {s.key: s.digest for s in submissions.read(root, tmp_path / "out")}
    assert [k for k in before if before[k] != after[k]] == ["jean-dupont-1"]


def test_a_zip_wrapped_in_one_folder_is_read_inside_it(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Devoir 3" / "Ana_7_assignsubmission_file_" / "p.py")
    assert submissions.find_root(root) == root / "Devoir 3"
    assert submissions.find_root(root / "Devoir 3") == root / "Devoir 3"


# -- the zip ---------------------------------------------------------------------------------------------
def test_member_paths_that_leave_the_folder_are_refused() -> None:
    assert safezip.member_path("a/b.py").as_posix() == "a/b.py"
    assert safezip.member_path("./a//b.py").as_posix() == "a/b.py"
    for bad in ("../x", "a/../../x", "/etc/passwd", "C:/x", "C:\\x", "a\\..\\..\\x", "", "."):
        assert safezip.member_path(bad) is None, bad


def test_unpacking_keeps_accents_and_leaves_out_links_and_climbers(tmp_path) -> None:
    archive = tmp_path / "c.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("Zoé Petit_3_assignsubmission_file_/mon joueur.py", "x")
        z.writestr("../evil.py", "x")
        link = zipfile.ZipInfo("link")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "/etc/passwd")
    done = safezip.unpack(archive, tmp_path / "out")
    assert (tmp_path / "out" / "Zoé Petit_3_assignsubmission_file_" / "mon joueur.py").read_text() == "x"
    assert sorted(done.refused) == ["../evil.py", "link"]
    assert not (tmp_path / "evil.py").exists() and not (tmp_path / "out" / "link").exists()


def test_a_zip_bomb_stops_at_the_limit_whatever_the_zip_declares(tmp_path, monkeypatch) -> None:
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("a/big.py", b"0" * 200_000)
    monkeypatch.setattr(safezip, "MAX_BYTES", 100_000)
    with pytest.raises(safezip.UnsafeZip) as caught:
        safezip.unpack(archive, tmp_path / "out")
    assert caught.value.key == "class.zip_too_big" and not (tmp_path / "out").exists()
    assert archive.stat().st_size < 10_000                               # small zip, big content


def test_something_that_is_no_zip_is_said(tmp_path) -> None:
    bad = write(tmp_path / "x.zip", "nope")
    with pytest.raises(safezip.UnsafeZip) as caught:
        safezip.unpack(bad, tmp_path / "out")
    assert caught.value.key == "class.zip_not_zip"


# -- the teacher's positions -----------------------------------------------------------------------------
def test_the_teachers_file_is_read_and_checked_against_the_rules(tmp_path) -> None:
    spec = games.get("sticks")
    params = {"sticks": 20, "max_take": 3, "last_loses": False}              # Fort Boyard, seed 001
    good = write(tmp_path / "positions.toml",
                 '[[position]]\nstart = "18"\nexpect = ["2"]\n\n[[position]]\nstart = "15"\nexpect = "3"\n'
                 'label = "quinze"\n\n[[position]]\nstart = "9"\n')
    cases = teacher.read(good, spec, params)
    assert cases == [teacher.Case("18", ("2",), "18 -> 2"), teacher.Case("15", ("3",), "quinze"),
                     teacher.Case("9", (), "9")]
    assert teacher.as_data(cases)[0] == {"start": "18", "expect": ["2"], "label": "18 -> 2"}
    for text, key in (('[[position]]\nstart = "18"\nexpect = ["7"]\n', "class.positions_bad"),
                      ('[[position]]\nstart = "abc"\n', "class.positions_bad"),
                      ('[[position]]\nlabel = "x"\n', "class.positions_bad"),
                      ('[[position]]\nstart = "18"\nwhy = 1\n', "class.positions_bad"),
                      ('[[position]]\nstart = "8"\n', "class.positions_bad"),       # lost: nothing wins
                      ("position = 3\n", "class.positions_bad"),
                      ("[[position]\n", "class.positions_syntax")):
        write(tmp_path / "bad.toml", text)
        with pytest.raises(teacher.BadPositions) as caught:
            teacher.read(tmp_path / "bad.toml", spec, params)
        assert caught.value.key == key, text
        assert "bad.toml" in caught.value.message


def test_the_teachers_file_is_found_beside_the_submissions(tmp_path) -> None:
    folder = tmp_path / "rendus"
    folder.mkdir()
    assert teacher.find(folder, None) is None
    write(folder / "positions.toml", "")
    assert teacher.find(folder, None) == folder / "positions.toml"
    archive = write(tmp_path / "rendus.zip", "")
    assert teacher.find(archive, None) is None
    write(tmp_path / "positions.toml", "")
    assert teacher.find(archive, None) == tmp_path / "positions.toml"
    assert teacher.find(archive, Path("mine.toml")) == Path("mine.toml")


def test_moodles_zip_without_folders_and_the_output_folder_among_the_submissions(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Chloé Martin_12345_assignsubmission_file_kayles.py")
    write(root / "Chloé Martin_12345_assignsubmission_file_notes.txt", "x")
    write(root / "class-out" / "submissions" / "old" / "a.py")
    found = submissions.read(root, root / "class-out" / "submissions", skip=root / "class-out")
    assert [(s.name, s.id, s.file) for s in found] == [
        ("Chloé Martin", "12345", "Chloé Martin_12345_assignsubmission_file_kayles.py")]
    assert sorted(p.name for p in found[0].folder.iterdir()) == ["kayles.py", "notes.txt"]
    assert found[0].player.name == "kayles.py"
