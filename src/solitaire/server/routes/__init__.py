"""One router per resource: games, settings, messages, and the pages."""
