"""The people who play: named profiles, the roster of a class, statistics and the class export."""
