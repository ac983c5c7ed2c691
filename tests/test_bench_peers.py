"""`python -m bench peers` (bench/peer_figures.py): a peer that is not
installed is skipped with a line saying so, and nothing is measured for it."""

from __future__ import annotations

from bench import peer_figures


def test_a_peer_that_is_not_installed_is_skipped_with_a_line(monkeypatch, capsys):
    monkeypatch.setattr(peer_figures, "find", lambda program: None)
    peer_figures.main()
    out, err = capsys.readouterr()
    assert out == ""  # no figure for a program that is not there
    for peer in peer_figures.PEERS:
        assert f"{peer.program} is not installed (apt-get install {peer.package})" in err
        assert f"{peer.name} skipped" in err
