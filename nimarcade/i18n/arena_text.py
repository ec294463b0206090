"""Text of the arena (``python -m nimarcade.arena``): its command line, its errors, the games'
lines and the score (each game's own engine options are said in its own text table)."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # the command line
    "arena.description": {
        "fr": "Fait jouer deux joueurs de l'ordinateur l'un contre l'autre, par paires de parties qui "
              "partent de la même ouverture tirée au sort en échangeant les côtés, puis donne le score de A "
              "avec son intervalle à 95 % et le temps moyen par coup de chaque côté.",
        "en": "Plays two computer players against each other, in pairs of games that start from the same "
              "random opening with sides swapped, then gives A's score with its 95% interval and each "
              "side's average time a move."},
    "arena.opt_game": {"fr": "le jeu", "en": "the game"},
    "arena.opt_side": {"fr": "le joueur {side} : un niveau 1 à 4, ou un programme (engines.toml, .py)",
                       "en": "player {side}: a level 1 to 4, or a program (engines.toml, .py)"},
    "arena.opt_time_side": {"fr": "secondes par coup, exactement", "en": "seconds a move, exactly"},
    "arena.opt_opt": {"fr": "une option du moteur", "en": "an engine option"},
    "arena.opt_short": {"fr": "raccourci de --opt-{side} {option}", "en": "short for --opt-{side} {option}"},
    "arena.opt_player": {"fr": "la fonction arena_player d'un fichier joue ce côté",
                         "en": "a file's arena_player plays this side"},
    "arena.opt_engine": {
        "fr": "un programme qui parle le protocole joue ce côté (--opt : ses valeurs setoption)",
        "en": "a program speaking the protocol plays this side (--opt: its setoption values)"},
    "arena.opt_base": {
        "fr": "le côté B (ou --base-side) joue le moteur de la révision REV de ce dépôt (un commit, "
              "une étiquette, HEAD~3…), extraite une fois dans un worktree git sous le dossier de cache "
              "($NIMARCADE_BASE_DIR) et lancé par le protocole, au niveau de --b",
        "en": "side B (or --base-side) plays the engine of revision REV of this repository (a commit, a "
              "tag, HEAD~3…), checked out once into a git worktree under the cache folder "
              "($NIMARCADE_BASE_DIR) and started over the protocol, at the level of --b"},
    "arena.opt_base_side": {"fr": "le côté que joue --base (par défaut b)", "en": "the side --base plays (default b)"},
    "arena.opt_baseline": {
        "fr": "ce côté joue le moteur d'Awélé de la révision {rev} en Python pur (NIMARCADE_NO_JIT=1)",
        "en": "this side plays the Awélé engine of revision {rev} in pure Python (NIMARCADE_NO_JIT=1)"},
    "arena.opt_baseline_core": {
        "fr": "ce côté joue le moteur d'Awélé compilé de la révision {rev} (--base {rev})",
        "en": "this side plays the compiled Awélé engine of revision {rev} (--base {rev})"},
    "arena.err_base_git": {"fr": "--base demande un dépôt git (ce jeu est installé sans son historique)",
                           "en": "--base needs a git checkout (this game is installed without its history)"},
    "arena.err_base_git_failed": {"fr": "git {command} a échoué : {why}", "en": "git {command} failed: {why}"},
    "arena.err_base_rev": {"fr": "« {rev} » ne désigne aucune révision de ce dépôt",
                           "en": "\u201c{rev}\u201d names no revision of this repository"},
    "arena.err_base_no_engine": {
        "fr": "la révision {rev} ({commit}) n'a pas de moteur par le protocole (nimarcade/engine.py)",
        "en": "revision {rev} ({commit}) has no protocol engine (nimarcade/engine.py)"},
    "arena.err_base_start": {"fr": "le moteur {name} n'a pas pu jouer un premier coup ({why})",
                             "en": "the engine {name} could not play a first move ({why})"},
    "arena.opt_games": {"fr": "nombre de parties (par défaut {n})", "en": "how many games (default {n})"},
    "arena.opt_time": {"fr": "multiplie les secondes par coup des niveaux chronométrés",
                       "en": "scales the timed levels' seconds a move"},
    "arena.opt_level": {"fr": "un niveau du fichier du jeu (par défaut le premier)",
                        "en": "a level of the game's file (default: its first)"},
    "arena.opt_param": {"fr": "changer un paramètre du plateau", "en": "change a board parameter"},
    "arena.opt_seed": {"fr": "graine des ouvertures tirées au sort (par défaut {n})",
                       "en": "seed of the random openings (default {n})"},
    "arena.opt_opening": {"fr": "coups joués au hasard avant que les joueurs prennent la main (par défaut {n})",
                          "en": "random plies before the players take over (default {n})"},
    "arena.opt_jobs": {"fr": "parties jouées à la fois, chacune dans son processus (1 quand le temps compte)",
                       "en": "games played at a time, each in its own process (1 when timing matters)"},
    "arena.opt_quiet": {"fr": "seulement le résumé", "en": "only the summary"},
    # errors of the command line
    "arena.err_pair": {"fr": "{option} attend CLÉ=VALEUR, pas « {text} »",
                       "en": "{option} takes KEY=VALUE, not \u201c{text}\u201d"},
    "arena.err_no_param": {"fr": "{game} n'a pas de paramètre « {key} » (ses paramètres : {known})",
                           "en": "{game} has no parameter \u201c{key}\u201d (its parameters: {known})"},
    "arena.err_param_value": {"fr": "--param {key} : « {text} » n'en est pas une valeur",
                              "en": "--param {key}: \u201c{text}\u201d is not a value of it"},
    "arena.err_param": {"fr": "--param {key} : {why}", "en": "--param {key}: {why}"},
    "arena.err_no_side": {"fr": "joueur {side} : donnez --{flag} NIVEAU (ou un programme) ou --engine-{flag} COMMANDE",
                          "en": "player {side}: give --{flag} LEVEL (or a program) or --engine-{flag} COMMAND"},
    "arena.err_side": {"fr": "joueur {side} : {why}", "en": "player {side}: {why}"},
    "arena.err_person": {"fr": "une personne ne s'assied pas dans l'arène",
                         "en": "a person can't sit in the arena"},
    "arena.err_empty_command": {"fr": "une commande vide", "en": "an empty command"},
    "arena.err_no_file": {"fr": "pas de fichier de joueur {path}", "en": "no player file {path}"},
    "arena.err_no_options": {"fr": "{game} ne prend pas d'options de moteur",
                             "en": "{game} takes no engine options"},
    # the match
    "arena.header": {
        "fr": "arène {game} : A = {a} contre B = {b}, {games} [[games|partie|parties]], niveau {level} "
              "{params}, {opening} [[opening|coup joué|coups joués]] au hasard pour ouvrir, graine {seed}",
        "en": "{game} arena: A = {a} vs B = {b}, {games} [[games|game|games]], level {level} "
              "{params}, {opening} random opening [[opening|ply|plies]], seed {seed}"},
    "arena.game": {"fr": "partie {n} : A joue {order}  {result}  {who} ({end}, {plies} [[plies|coup|coups]])",
                   "en": "game {n}: A moves {order}  {result}  {who} ({end}, {plies} [[plies|ply|plies]])"},
    "arena.max_plies": {"fr": "arrêtée à la limite de coups", "en": "stopped at the limit of plies"},
    "arena.first": {"fr": "en premier", "en": "first"},
    "arena.second": {"fr": "en second", "en": "second"},
    "arena.a_wins": {"fr": "A gagne", "en": "A wins"},
    "arena.draw": {"fr": "partie nulle", "en": "draw"},
    "arena.b_wins": {"fr": "B gagne", "en": "B wins"},
    "arena.score": {
        "fr": "A ({a}) contre B ({b}) : +{wins} ={draws} -{losses}  score {score} % ± {margin} "
              "(intervalle à 95 % : {low}-{high} %)",
        "en": "A ({a}) vs B ({b}): +{wins} ={draws} -{losses}  score {score}% ± {margin} "
              "(95% interval {low}-{high}%)"},
    "arena.times": {"fr": "temps moyen par coup : A {a} s, B {b} s",
                    "en": "average time a move: A {a} s, B {b} s"},
}
