"""The screens of Nim Arcade, one module each, switched by :class:`SceneManager`."""
