"""Reading a class's submissions: Moodle's folders, one file or folder per student, player.toml,
a zip unpacked without trusting it, and the teacher's positions."""
from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from nimarcade import i18n
from nimarcade.classroom import judging, safezip, submissions, teacher
from nimarcade.core import registry


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
    spec = registry.get("sticks")
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


# -- what an attacker hands in: one student's entry never reads as another's, never stops the class --------
def test_a_spoofed_name_in_a_flat_moodle_zip_is_that_entrys_error_and_the_victim_is_read_as_usual(tmp_path) -> None:
    """Eve's Moodle name holds ``Zoé Petit_3_assignsubmission_file_``: her file is not Zoé's."""
    archive = tmp_path / "flat.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("Zoé Petit_3_assignsubmission_file_kayles.py", "x = 1\n")
        z.writestr("Zoé Petit_3_assignsubmission_file__9_assignsubmission_file_kayles.py", "x = 2\n")
        z.writestr("Ana_7_assignsubmission_file_p.py", "x = 3\n")
        z.writestr("Ana Lima_7_assignsubmission_file_q.py", "x = 4\n")        # one number, two names
    done = safezip.unpack(archive, tmp_path / "in")
    found = submissions.read(done.folder, tmp_path / "out")
    zoe = next(s for s in found if s.id == "3")
    assert zoe.name == "Zoé Petit" and zoe.error is None and zoe.player.read_text() == "x = 1\n"
    spoof = next(s for s in found if s.error and s.error[0] == "class.ambiguous_name")
    assert spoof.id is None and spoof.error[1]["file"].startswith("Zoé Petit_3_assignsubmission_file__9_")
    twice = [s for s in found if s.error and s.error[0] == "class.ambiguous_id"]
    assert sorted(s.name for s in twice) == ["Ana", "Ana Lima"] and twice[0].error[1]["names"] == "Ana, Ana Lima"
    assert len(found) == 4 and "deux participants" in i18n.tr(spoof.error[0], "fr", **spoof.error[1])


def test_a_command_outside_the_copy_is_never_chmodded_and_a_system_program_is_accepted(tmp_path, monkeypatch) -> None:
    """``/usr/bin/java`` (the Java starter with an absolute path) or a teacher's 0600 file as
    ``command[0]``: kept as it is, its mode untouched; only the student's own program is made
    runnable. As an ordinary user a chmod of a system file fails: here any chmod outside the copy
    fails, as it would, and the class is still read."""
    notes = write(tmp_path / "teacher" / "notes.txt", "private")
    notes.chmod(0o600)
    root = tmp_path / "in"
    starter = (Path(__file__).resolve().parents[2] / "examples" / "starters" / "java" / "player.toml").read_text()
    write(root / "Java" / "player.toml", starter.replace('command = ["java"', 'command = ["/usr/bin/java"'))
    write(root / "Java" / "Player.class", "x")
    write(root / "Notes" / "player.toml", f'command = ["{notes}"]\n')
    write(root / "Cé" / "nimplayer", "#!/bin/sh\n").chmod(0o644)
    write(root / "Cé" / "player.toml", 'command = ["./nimplayer"]\n')
    out = tmp_path / "out"
    real = Path.chmod

    def chmod(path: Path, mode: int, **kw) -> None:
        if out.resolve() not in path.resolve().parents:
            raise PermissionError(1, "Operation not permitted", str(path))
        real(path, mode, **kw)

    monkeypatch.setattr(Path, "chmod", chmod)
    found = {s.name: s for s in submissions.read(root, out)}
    java = found["Java"]
    assert java.error is None and java.command[0] == "/usr/bin/java"
    assert java.command[java.command.index("-cp") + 1] == str((out / "java").resolve())
    assert found["Notes"].command == (str(notes),) and stat.S_IMODE(notes.stat().st_mode) == 0o600
    for s in (java, found["Notes"]):                 # no word of a command is a file shared with the box
        assert judging.source_of(s.name, None, s.command, s.folder).share == (str(s.folder),)
    assert os.access(found["Cé"].command[0], os.X_OK)


def test_a_bomb_or_too_many_files_in_one_students_entry_fails_that_student_only(tmp_path) -> None:
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("Ana_1_assignsubmission_file_/p.py", "x = 1\n")
        z.writestr("Eve_2_assignsubmission_file_/p.py", "x = 2\n")
        z.writestr("Eve_2_assignsubmission_file_/data.bin", b"\0" * 3_000_000)      # 3 MB from 3 kB
        for i in range(safezip.STUDENT_FILES + 1):
            z.writestr(f"Max_3_assignsubmission_file_/src/f{i}.py", "")
        z.writestr("Flat_4_assignsubmission_file_big.py", b"#" * 1_500_000)
    assert archive.stat().st_size < 400_000
    done = safezip.unpack(archive, tmp_path / "in", student_bytes=1024 * 1024)
    assert set(done.too_big) == {PurePosixPath("Eve_2_assignsubmission_file_"),
                                 PurePosixPath("Max_3_assignsubmission_file_"),
                                 PurePosixPath("Flat_4_assignsubmission_file_big.py")}
    assert not any((tmp_path / "in" / "Eve_2_assignsubmission_file_").iterdir())
    big = {done.folder / p: size for p, size in done.too_big.items()}
    found = {s.name: s for s in submissions.read(done.folder, tmp_path / "out", max_bytes=1024 * 1024, too_big=big)}
    assert found["Ana"].error is None and found["Ana"].player is not None
    assert found["Eve"].error == ("class.too_big", {"mb": 2.9, "limit": 1.0})
    assert found["Max"].error == ("class.too_many_files", {"n": safezip.STUDENT_FILES + 1, "limit": safezip.STUDENT_FILES})
    assert found["Flat"].error[0] == "class.too_big"
    i18n.set_language("en")
    assert i18n.tr(*found["Eve"].error[:1], **found["Eve"].error[1]).startswith("too big (2.9 MB, limit 1 MB")


def test_in_folder_mode_nothing_is_cut_at_the_limit_in_silence(tmp_path) -> None:
    root = tmp_path / "in"
    write(root / "Ana" / "p.py")
    write(root / "Eve" / "p.py")
    (root / "Eve" / "data.bin").write_bytes(b"\0" * 300_000)
    found = {s.name: s for s in submissions.read(root, tmp_path / "out", max_bytes=200_000)}
    assert found["Ana"].error is None
    assert found["Eve"].error[0] == "class.too_big" and not any(found["Eve"].folder.iterdir())
    again = {s.name: s for s in submissions.read(root, tmp_path / "out", max_bytes=400_000)}
    assert again["Eve"].error is None and again["Eve"].digest != found["Eve"].digest     # judged once raised


def test_students_are_listed_in_the_languages_order_and_named_escaped(tmp_path) -> None:
    root = tmp_path / "in"
    for name in ("Zoé Petit", "Émilie Roy", "eve", "Œdipe", "Bob\u202eyp.exe\x1b[2J"):
        write(root / f"{name}_{len(name)}_assignsubmission_file_" / "p.py")
    found = submissions.read(root, tmp_path / "out")
    assert [s.name for s in found] == ["Bob\\u202eyp.exe\\x1b[2J", "Émilie Roy", "eve", "Œdipe", "Zoé Petit"]
