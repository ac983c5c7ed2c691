"""Shared games: each player in their own terminal, one game (issue 19).

One host process owns the game and its autosave (hosting/host.py); clients
join it over a Unix socket on one machine (server.py, client.py, place.py) or
through Redis Streams across machines (broker.py). Seats and who may act
are the mode's business (seats.py); the wire format is protocol.py. The
command line (`shamble host`, `shamble join`) is cli.py; docs/hosting.md
says how to set a machine up for it."""
