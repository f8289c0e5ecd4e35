"""RC-2 Records on another browser: ``POST /api/player/transfer`` makes a link, ``GET
/transfer/<secret>`` in another browser makes it the same player, once, for 24 hours;
``DELETE /api/player/transfer`` cancels it; asking for links is limited per client. Time is
moved by putting a clock of the test's own in the app's place (no sleeping)."""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from solitaire.server.players import PLAYER_COOKIE
from solitaire.server.routes.transfer import get_clock
from solitaire.store.models import PlayerRow, TransferRow

from .conftest import AppFactory, act, start

TRANSFER = "/api/player/transfer"
LINK = re.compile(r"/transfer/(?P<secret>[A-Za-z0-9_-]+)")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now

    def forward(self, **delta: float) -> None:
        self.now += dt.timedelta(**delta)


@pytest.fixture
def clock(app: FastAPI) -> Any:
    moved = Clock()
    app.dependency_overrides[get_clock] = lambda: moved
    yield moved
    app.dependency_overrides.pop(get_clock, None)


def make_link(client: TestClient) -> dict[str, Any]:
    answer = client.post(TRANSFER)
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def player_of(client: TestClient) -> str | None:
    player: str | None = client.cookies.get(PLAYER_COOKIE)
    return player


def rows(app: FastAPI, table: type[TransferRow] | type[PlayerRow]) -> int:
    with app.state.services.store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(table)).scalar_one())


def stored_transfers(app: FastAPI) -> list[tuple[str, str]]:
    with app.state.services.store.engine.connect() as connection:
        query = select(TransferRow.player_id, TransferRow.secret_hash)
        return [(player, digest) for player, digest in connection.execute(query).all()]


def played(client: TestClient) -> dict[str, Any]:
    """A player with one finished game (a stock turn, then another game) and one in play."""
    first = start(client, mode="code", code="KL1-D3N-AAAAAAG")
    assert act(client, first, type="stock").status_code == 200
    current = start(client, mode="code", code="EH1-N-AAAAAAF")
    return current


def test_a_link_moves_the_player_with_their_game_statistics_and_history(
    client: TestClient, other_client: TestClient, clock: Clock
) -> None:
    current = played(client)
    stranger_game = start(other_client, mode="code", code="SS1-S1-AAAAABD")
    assert player_of(client) != player_of(other_client)
    link = make_link(client)
    assert LINK.fullmatch(link["url"])
    assert dt.datetime.fromisoformat(link["expires_at"]) == clock.now + dt.timedelta(hours=24)
    opened = other_client.get(link["url"], follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    assert player_of(other_client) == player_of(client)
    # The cookie is the one a new player gets: same name, same attributes.
    cookie = opened.headers["set-cookie"]
    assert cookie == (
        f"{PLAYER_COOKIE}={player_of(client)}; Path=/; Max-Age={400 * 24 * 3600}; "
        "HttpOnly; SameSite=Lax"
    )
    assert opened.headers["cache-control"] == "no-store"
    for path in ("/api/games/current", "/api/stats", "/api/history"):
        assert other_client.get(path).json() == client.get(path).json(), path
    assert other_client.get("/api/games/current").json()["id"] == current["id"]
    assert stranger_game["id"] != current["id"]
    # The first browser stays the player too.
    assert client.get("/api/games/current").json()["id"] == current["id"]


def test_a_link_opened_by_a_browser_without_a_cookie_sets_one_cookie(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    played(client)
    link = make_link(client)
    with TestClient(app) as fresh:
        opened = fresh.get(link["url"], follow_redirects=False)
        assert opened.status_code == 303
        assert opened.headers.get_list("set-cookie") == [opened.headers["set-cookie"]]
        assert player_of(fresh) == player_of(client)
        board = fresh.get("/")  # the board's page, with their game in its boot data
        assert board.status_code == 200
        assert client.get("/api/games/current").json()["id"] in board.text


def test_the_secret_is_256_random_bits_kept_only_as_its_sha256(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    secrets_seen = []
    for _ in range(40):
        match = LINK.fullmatch(make_link(client)["url"])
        assert match
        secrets_seen.append(match["secret"])
    assert len(set(secrets_seen)) == len(secrets_seen)
    # token_urlsafe(32): 43 characters of the URL-safe base64 alphabet, 32 bytes (256 bits).
    assert {len(secret) for secret in secrets_seen} == {43}
    assert {len(base64.urlsafe_b64decode(secret + "=")) for secret in secrets_seen} == {32}
    letters = Counter("".join(secrets_seen))
    # 1 720 letters spread over the alphabet: a fixed or counting secret would not be.
    assert len(letters) > 55 and max(letters.values()) < 70
    stored = stored_transfers(app)
    last = secrets_seen[-1]
    mine = [digest for player, digest in stored if player == player_of(client)]
    assert mine == [hashlib.sha256(last.encode()).hexdigest()]  # one link: the last
    assert all(last not in digest for _, digest in stored)


def test_a_link_works_once(client: TestClient, other_client: TestClient, clock: Clock) -> None:
    played(client)
    link = make_link(client)
    assert other_client.get(link["url"], follow_redirects=False).status_code == 303
    third_browser = TestClient(other_client.app)
    again = third_browser.get(link["url"], follow_redirects=False)
    assert again.status_code == 410
    assert player_of(third_browser) != player_of(client)
    assert "This link no longer works" in again.text
    assert again.headers["content-type"].startswith("text/html")


def test_a_link_previewed_by_head_still_works(
    client: TestClient, other_client: TestClient, clock: Clock
) -> None:
    # A chat app previewing the link sends HEAD: that neither moves a player nor uses it up.
    link = make_link(client)
    preview = TestClient(other_client.app)
    peeked = preview.head(link["url"], follow_redirects=False)
    assert peeked.status_code == 200
    assert player_of(preview) != player_of(client)
    assert other_client.get(link["url"], follow_redirects=False).status_code == 303
    assert player_of(other_client) == player_of(client)


def test_a_link_expires_after_24_hours(
    client: TestClient, other_client: TestClient, clock: Clock
) -> None:
    played(client)
    other_client.get("/api/settings")
    mine = player_of(other_client)
    link = make_link(client)
    clock.forward(hours=24)
    refused = other_client.get(link["url"], follow_redirects=False)
    assert refused.status_code == 410
    assert player_of(other_client) == mine
    # A minute before its end it still works.
    link = make_link(client)
    clock.forward(hours=23, minutes=59)
    assert other_client.get(link["url"], follow_redirects=False).status_code == 303
    assert player_of(other_client) == player_of(client)


def test_a_cancelled_or_replaced_link_opens_nothing(
    app: FastAPI, client: TestClient, other_client: TestClient, clock: Clock
) -> None:
    played(client)
    other_client.get("/api/settings")
    mine = player_of(other_client)
    link = make_link(client)
    cancelled = client.delete(TRANSFER)
    assert cancelled.status_code == 204 and cancelled.content == b""
    assert other_client.get(link["url"], follow_redirects=False).status_code == 410
    assert player_of(other_client) == mine
    assert client.delete(TRANSFER).status_code == 204  # nothing left to cancel: the same
    first, second = make_link(client), make_link(client)
    assert other_client.get(first["url"], follow_redirects=False).status_code == 410
    assert player_of(other_client) == mine
    assert other_client.get(second["url"], follow_redirects=False).status_code == 303
    assert player_of(other_client) == player_of(client)


@pytest.mark.parametrize(
    "path",
    [
        "/transfer/" + "A" * 43,  # well-formed, never made
        "/transfer/short",
        "/transfer/" + "A" * 44,
        "/transfer/%00" + "A" * 42,
    ],
)
def test_a_bad_secret_changes_nothing(
    app: FastAPI, client: TestClient, other_client: TestClient, clock: Clock, path: str
) -> None:
    played(client)
    link = make_link(client)
    other_client.get("/api/settings")
    mine = player_of(other_client)
    before = (rows(app, TransferRow), rows(app, PlayerRow))
    refused = other_client.get(path, follow_redirects=False)
    assert refused.status_code in (404, 410)
    assert "set-cookie" not in refused.headers
    assert player_of(other_client) == mine
    assert (rows(app, TransferRow), rows(app, PlayerRow)) == before
    # The real link still works afterwards.
    assert other_client.get(link["url"], follow_redirects=False).status_code == 303


def test_the_refusal_page_speaks_the_browsers_language(app: FastAPI, clock: Clock) -> None:
    with TestClient(app) as browser:
        for lang, words in (
            ("nl", "Deze link werkt niet meer"),
            ("ro", "Linkul nu mai merge"),
            ("en", "This link no longer works"),
        ):
            page = browser.get("/transfer/" + "B" * 43, headers={"Accept-Language": lang})
            assert page.status_code == 410
            assert f'<html lang="{lang}"' in page.text and words in page.text


def test_making_a_link_is_a_write_that_creates_the_player(app: FastAPI, clock: Clock) -> None:
    with TestClient(app) as newcomer:
        players = rows(app, PlayerRow)
        link = make_link(newcomer)
        assert rows(app, PlayerRow) == players + 1
        with TestClient(app) as laptop:
            assert laptop.get(link["url"], follow_redirects=False).status_code == 303
            assert player_of(laptop) == player_of(newcomer)


def test_the_qr_code_is_an_svg_of_the_full_address(client: TestClient, clock: Clock) -> None:
    link = make_link(client)
    svg = link["qr_svg"]
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert "<title>QR code of the link" in svg
    assert "style=" not in svg and "<script" not in svg  # allowed by the board's CSP
    assert link["expires_at"].endswith("+00:00")


def test_asking_for_links_is_limited_per_client(make_app: AppFactory) -> None:
    # The limit's clock stands still: with the real one, time passing between the four asks
    # refills a little and the wait is 1199.x s, not 1200.
    app = make_app(transfer_links_per_hour=3, limits_clock=lambda: 0.0)
    with TestClient(app) as client:
        answers = [client.post(TRANSFER) for _ in range(4)]
        assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
        refused = answers[-1]
        assert refused.json()["error"] == "too_many_requests"
        assert int(refused.headers["retry-after"]) == refused.json()["retry_after"] == 1200
        # The refusal wrote nothing: the last link made still works.
        with TestClient(app) as laptop:
            assert laptop.get(answers[2].json()["url"], follow_redirects=False).status_code == 303
        # Another client has its own allowance.
        with TestClient(app, client=("203.0.113.7", 5000)) as elsewhere:
            assert elsewhere.post(TRANSFER).status_code == 201


def test_two_browsers_opening_one_link_at_once_cannot_both_use_it(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    played(client)
    link = make_link(client)
    browsers = [TestClient(app) for _ in range(6)]

    def open_link(browser: TestClient) -> int:
        status: int = browser.get(link["url"], follow_redirects=False).status_code
        return status

    with ThreadPoolExecutor(len(browsers)) as pool:
        statuses = sorted(pool.map(open_link, browsers))
    assert statuses == [303] + [410] * 5


def test_the_player_can_ask_until_when_their_link_works(
    client: TestClient, other_client: TestClient, clock: Clock
) -> None:
    def pending(browser: TestClient) -> object:
        # None is an answer (200), not an error: Settings asks each time it opens.
        answer = browser.get(TRANSFER)
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert pending(client) == {"expires_at": None}
    link = make_link(client)
    assert pending(client) == {"expires_at": link["expires_at"]}
    assert pending(other_client) == {"expires_at": None}  # another player's is not theirs
    clock.forward(hours=24)
    assert pending(client) == {"expires_at": None}  # expired
    make_link(client)
    client.delete(TRANSFER)
    assert pending(client) == {"expires_at": None}  # cancelled
    used = make_link(client)
    other_client.get(used["url"], follow_redirects=False)
    assert pending(client) == {"expires_at": None}  # used
