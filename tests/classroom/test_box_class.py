"""The attacker's ``player.toml`` in a whole class run: a command that names ``/``, the teacher's
home, a decoy folder and a socket folder (as ``/tmp/.X11-unix`` is) reads none of them, and a
command whose program is a teacher's file outside the submission leaves that file's mode as it
was. The secret appears in no file of the report and not on the teacher's terminal.

Skipped, with the reason, where bubblewrap can't open a box."""
from __future__ import annotations

import io
import socket
import uuid
from pathlib import Path

import pytest

from nimarcade.classroom import cli as class_cli
from nimarcade.players import isolation

BOX = isolation.isolation()
pytestmark = pytest.mark.skipif(not BOX.boxed, reason=f"no box here: {BOX.why} (install bubblewrap)")

#: A program that lists and prints every path it is given, then the system's secrets, then
#: answers nothing of the protocol (a forfeit whose output goes into the report).
EVIL = """#!/bin/sh
for p in "$@"; do
    ls -la "$p" 1>&2
    for f in "$p"/* "$p"/*/*; do
        case "$f" in *.txt|*id_rsa) cat "$f" 1>&2 ;; esac
    done
done
cat /etc/shadow 1>&2
echo nonsense
"""


def test_a_player_toml_naming_the_machine_sees_none_of_it(tmp_path: Path) -> None:
    secret = "decoy-" + uuid.uuid4().hex
    teacher = tmp_path / "teacher"
    (teacher / "private").mkdir(parents=True)
    (teacher / "private" / "id_rsa").write_text(secret, encoding="utf-8")
    (teacher / "private" / "id_rsa").chmod(0o600)
    notes = teacher / "notes.txt"
    notes.write_text(secret, encoding="utf-8")
    notes.chmod(0o600)
    sockets = tmp_path / "x11-unix"
    sockets.mkdir()
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(sockets / "X0"))
    listening.listen(1)
    listening.setblocking(False)
    submissions = tmp_path / "submissions"
    eve = submissions / "Eve Hacker_102_assignsubmission_file_"
    eve.mkdir(parents=True)
    (eve / "evil.sh").write_text(EVIL, encoding="utf-8")
    named = ["/", str(Path.home()), str(teacher), str(teacher / "private"), str(sockets)]
    (eve / "player.toml").write_text("command = " + repr(["/bin/sh", "evil.sh", *named]).replace("'", '"') + "\n",
                                     encoding="utf-8")
    mallory = submissions / "Mallory_103_assignsubmission_file_"
    mallory.mkdir()
    (mallory / "player.toml").write_text(f'command = ["{notes}"]\n', encoding="utf-8")
    out, err = tmp_path / "report", io.StringIO()
    try:
        code = class_cli.run([str(submissions), "--game", "octal", "--code", "0.77", "--param", "heaps=4",
                              "--positions", "2", "--time", "0.2", "--out", str(out), "--lang", "en"],
                             io.StringIO(), err)
        with pytest.raises(BlockingIOError):
            listening.accept()                       # nobody knocked on the teacher's socket
    finally:
        listening.close()
    assert code == 0, err.getvalue()
    assert notes.stat().st_mode & 0o777 == 0o600     # never made runnable: it is not the student's
    assert secret not in err.getvalue()
    written = [p for p in out.rglob("*") if p.is_file() and p.suffix in (".json", ".html", ".csv", ".md")]
    assert any(p.name == "class.json" for p in written)
    for path in written:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert secret not in text, path
        assert "root:" not in text, path                # /etc/shadow's first line, hidden in the box
