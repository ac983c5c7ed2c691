"""Which pages `shamble serve` lets start a game, and the link it prints
(issue 17), without starting a server."""

from __future__ import annotations

import pytest

from tui.serve import ServeError, Settings, origin_of


def test_origins_compare_as_browsers_send_them():
    assert origin_of("HTTPS://Games.Example.org:443/shamble/?x=1") == "https://games.example.org"
    assert origin_of("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    assert origin_of("http://[::1]:8000") == "http://[::1]:8000"
    for bad in ("null", "file:///tmp/x.html", "ws://127.0.0.1:8000", "chrome-extension://abc"):
        with pytest.raises(ServeError):
            origin_of(bad)


def test_loopback_server_accepts_its_own_loopback_names_only():
    settings = Settings(port=8000)
    assert settings.allowed_origins(8000) == {
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://[::1]:8000",
    }
    assert str(settings.base_url(8000)) == "http://127.0.0.1:8000/"


def test_a_server_on_a_lan_address_trusts_only_that_address():
    settings = Settings(host="192.168.1.20", port=8000)
    assert settings.allowed_origins(8000) == {"http://192.168.1.20:8000"}


def test_behind_a_proxy_the_public_page_is_the_origin():
    settings = Settings(public_url="https://games.example.org/shamble", port=8000)
    assert str(settings.base_url(8000)) == "https://games.example.org/shamble/"
    assert "https://games.example.org" in settings.allowed_origins(8000)
    assert "http://games.example.org" not in settings.allowed_origins(8000)


def test_listening_everywhere_needs_the_public_address():
    with pytest.raises(ServeError, match="--public-url"):
        Settings(host="0.0.0.0")
    with pytest.raises(ServeError, match="--public-url"):
        Settings(host="::")
    with pytest.raises(ServeError):
        Settings(public_url="ftp://example.org/")
    wide = Settings(host="0.0.0.0", public_url="http://192.168.1.20:8000/")
    assert "http://192.168.1.20:8000" in wide.allowed_origins(8000)
