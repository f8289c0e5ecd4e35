"""Browser tests: the real server as a subprocess, driven through Debian's Chromium."""
