"""Benchmarks: ``python -m nimarcade.bench [rules|frames|awele ...]``. Speed is measured here,
never asserted in tests. Each suite prints a Markdown table for docs/BENCHMARKS.md."""
