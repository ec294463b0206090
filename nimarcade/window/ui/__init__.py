"""Shared pieces of the screens: theme, text, widgets, tweening, sounds."""
