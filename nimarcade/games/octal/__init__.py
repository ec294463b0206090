"""The lab: any take-and-break (octal) game, its Grundy sequence proved, played exactly
and explained. The shared theory is in :mod:`nimarcade.games.takeaway`."""
