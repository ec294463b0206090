"""The sink board that Pawns (grid) and the Queen (wythoff) share: pieces sliding towards a
sink, its rules, scene, art and editor."""
