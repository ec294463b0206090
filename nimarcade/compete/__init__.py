"""Running games against each other: the arena (two engines, many games), tournaments of
players, and the benchmarks."""
