TEXT: dict[str, dict[str, str]] = {}
