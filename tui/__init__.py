"""Shamble's terminal UI (Textual) and command line."""
