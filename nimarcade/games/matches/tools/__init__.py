"""Matches' builder tools: the misère quotient files."""
