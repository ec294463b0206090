"""Take-and-break games on heaps (octal games), shared by the games that play one: the code of a
game (:mod:`.code`), its Grundy sequence and the proof of its period (:mod:`.grundy`), its misère
quotient (:mod:`.quotient`) and a memoised search with a budget (:mod:`.search`). Pure Python
(numba when it loads); no game's rules, no pygame."""
