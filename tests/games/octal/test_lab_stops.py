"""The lab stops when the asked values are known (Grundy's game computes the
values asked for, no more), and an unproved period search says what it ruled out, checked here
against the values themselves."""
from __future__ import annotations

import json


from nimarcade.games.octal import grundylab, lab
from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway import grundygame as gg
from nimarcade.games.takeaway.code import OctalCode


def test_grundy_computes_the_values_asked_and_no_more(lab_data, capsys) -> None:
    assert lab.main(["grundy", "--values", "40", "--seconds", "30", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["values"]) == 40 and report["searched"] == 40 and report["stopped"] == "values"
    assert gg.sequence().n == 40                            # (it used to run on for the whole budget)
    assert not list(lab_data.rglob("*.npz"))                    # a few values: no checkpoint either
    again = grundylab.sequence_report(25, 30.0, checkpoints=False)    # known already: nothing computed
    assert again["searched"] == 40 and again["values"] == report["values"][:25]


def test_what_an_unproved_search_rules_out_holds_on_the_values() -> None:
    code = OctalCode.parse("0.6")           # no period known: none is proved in 3,000 values
    proof = grundy.prove(code, seconds=30, max_n=3000)
    assert not proof.proved and proof.stopped == "size" and proof.looked == 3000
    ruled = proof.ruled_out
    assert ruled is not None
    most, start = ruled
    assert most == (3000 - 1) // 4 and start >= most
    G = grundy.sequence(code).values(proof.looked)
    for p in range(1, most + 1):            # p fails somewhere at or after the heap `start`
        assert any(G[n + p] != G[n] for n in range(start, proof.looked - p)), p
    report = lab.sequence_report(code, 10, 0.5, checkpoints=False)      # the command says it
    r = report["ruled_out"]
    assert not report["proved"] and r["lengths_upto"] == (r["values"] - 1) // 4 and r["values"] >= 1000
