"""Fetching pages from the real fixture site: redirects, cookies, encodings, limits, timeouts, types, CSS."""

from __future__ import annotations

import asyncio
import json

import pytest
from browsy_engine.session import (
    AsyncSession,
    BlockedUrl,
    HttpError,
    Network,
    ResponseTooLarge,
    SessionConfig,
)


def run(coro):
    return asyncio.run(coro)


def browse(fixture_host: str, scenario, **config):
    """Run `scenario(session)` with a session allowed to reach the fixture site."""

    async def main():
        config.setdefault("allowed_hosts", [fixture_host])
        async with AsyncSession(SessionConfig(**config)) as session:
            return await scenario(session)

    return run(main())


def texts(dom) -> list[str]:
    return [el.text for el in dom.els if el.text]


def test_goto_returns_the_page_and_url(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/articles/7")
        return dom, s.url()

    dom, url = browse(fixture_host, scenario)
    assert url == fixture_site + "/articles/7"
    assert dom.title == "Article 7"
    assert "Article 7" in texts(dom)


def test_redirect_chains_are_followed_and_the_final_url_kept(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/redirect/4")
        return dom, s.url(), s.dom_ref()

    dom, url, _ = browse(fixture_host, scenario)
    assert url == fixture_site + "/articles/1"
    assert dom.title == "Article 1"


@pytest.mark.parametrize(("path", "article"), [("/redirect/meta", 5), ("/redirect/refresh-header", 6)])
def test_meta_refresh_and_refresh_header_redirects_are_followed(fixture_site, fixture_host, path, article):
    async def scenario(s):
        dom = await s.goto(fixture_site + path)
        return dom, s.url()

    dom, url = browse(fixture_host, scenario)
    assert (dom.title, url) == (f"Article {article}", f"{fixture_site}/articles/{article}")


def test_redirects_beyond_the_limit_fail_clearly(fixture_site, fixture_host):
    async def scenario(s):
        with pytest.raises(Network, match="more than 3 redirects"):
            await s.goto(fixture_site + "/redirect/5")
        with pytest.raises(Network, match="redirects"):
            await s.goto(fixture_site + "/redirect/loop")
        return await s.goto(fixture_site + "/redirect/2")  # 3 hops: /redirect/1, /redirect/0, /articles/1

    assert browse(fixture_host, scenario, max_redirects=3).title == "Article 1"


def test_cookies_persist_across_requests(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/cookies?flavour=oatmeal&size=large")
        dom = await s.goto(fixture_site + "/cookies")
        return dom, s.cookies

    dom, jar = browse(fixture_host, scenario)
    assert jar == {"flavour": "oatmeal", "size": "large"}
    assert "oatmeal" in texts(dom) and "large" in texts(dom)


def test_sessions_do_not_share_cookies(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/cookies?mine=1")
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host])) as other:
            await other.goto(fixture_site + "/cookies")
            return other.cookies

    assert browse(fixture_host, scenario) == {}


@pytest.mark.parametrize(
    ("path", "expected"), [("/charset/latin1", "Café crème brûlée"), ("/charset/meta", "Café “quoted”")]
)
def test_charsets_from_header_or_document(fixture_site, fixture_host, path, expected):
    dom = browse(fixture_host, lambda s: s.goto(fixture_site + path))
    assert expected in texts(dom)


def test_gzip_and_brotli_bodies_are_decoded(fixture_site, fixture_host):
    async def scenario(s):
        return await s.goto(fixture_site + "/big?kb=20"), await s.goto(fixture_site + "/brotli")

    gz, br = browse(fixture_host, scenario)
    assert "Big page" in texts(gz)
    assert "Compressed with brotli" in texts(br)


@pytest.mark.parametrize("path", ["/huge", "/huge?chunked=1", "/endless"])
def test_large_and_endless_bodies_are_cut_at_the_limit(fixture_site, fixture_host, path):
    async def scenario(s):
        with pytest.raises(ResponseTooLarge) as err:
            await s.goto(fixture_site + path)
        return err.value

    error = browse(fixture_host, scenario, max_response_bytes=1_000_000)
    assert error.max == 1_000_000
    assert error.size > 1_000_000
    assert "max_response_bytes" in str(error)


def test_slow_and_trickling_responses_time_out(fixture_site, fixture_host):
    async def scenario(s):
        with pytest.raises(Network, match="timed out"):
            await s.goto(fixture_site + "/slow?delay=5")
        with pytest.raises(Network, match="timed out"):
            await s.goto(fixture_site + "/trickle")
        return await s.goto(fixture_site + "/slow?delay=0")  # the session still works afterwards

    assert browse(fixture_host, scenario, timeout_secs=1.0).title == "Slow page"


@pytest.mark.parametrize("status", [404, 500, 403])
def test_error_statuses_raise_http_error(fixture_site, fixture_host, status):
    async def scenario(s):
        with pytest.raises(HttpError) as err:
            await s.goto(f"{fixture_site}/status/{status}")
        return err.value, s.url()

    error, url = browse(fixture_host, scenario)
    assert error.status == status
    assert str(status) in str(error)
    assert url is None


def test_connection_refused_is_a_network_error(fixture_host):
    async def scenario(s):
        with pytest.raises(Network, match="could not connect"):
            await s.goto("http://127.0.0.1:9/")

    browse(fixture_host, scenario, allowed_hosts=[fixture_host, "127.0.0.1:9"])


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/files/report.pdf", "Not a web page: application/pdf"),
        ("/static/pixel.png", "Not a web page: image/png"),
    ],
)
def test_binary_responses_give_a_clear_page(fixture_site, fixture_host, path, expected):
    dom = browse(fixture_host, lambda s: s.goto(fixture_site + path))
    assert expected in texts(dom)
    assert not any("%PDF" in t or "PNG" in t for t in texts(dom))


def test_json_is_shown_as_text(fixture_site, fixture_host):
    dom = browse(fixture_host, lambda s: s.goto(fixture_site + "/api/data.json"))
    shown = " ".join(texts(dom))
    assert json.loads(shown[shown.index("{") :])["name"] == "fixture <data>"


# ---- external CSS ---------------------------------------------------------------------------------
def _hidden_by_text(dom) -> dict[str, bool]:
    return {el.text: bool(el.hidden) for el in dom.els if el.text}


def test_external_and_imported_css_hide_content(fixture_site, fixture_host):
    dom = browse(fixture_host, lambda s: s.goto(fixture_site + "/styled"))
    hidden = _hidden_by_text(dom)
    assert hidden["This paragraph is visible."] is False  # print.css (media=print) does not apply
    assert hidden["Hidden by an external stylesheet."] is True
    assert hidden["Hidden by an imported stylesheet."] is True


def test_without_fetch_css_the_content_stays_visible(fixture_site, fixture_host):
    dom = browse(fixture_host, lambda s: s.goto(fixture_site + "/styled"), fetch_css=False)
    assert _hidden_by_text(dom)["Hidden by an external stylesheet."] is False


def test_oversized_stylesheets_are_skipped_not_fatal(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/styled/heavy")
        return dom, s._page.stylesheets

    dom, report = browse(fixture_host, scenario)
    assert _hidden_by_text(dom)["Hidden by site.css"] is True
    assert [url for url, _ in report.skipped] == [fixture_site + "/static/huge.css"]
    assert report.loaded == [fixture_site + "/static/site.css"]


def test_css_total_budget_is_respected(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/styled")
        return s._page.stylesheets

    report = browse(fixture_host, scenario, max_css_bytes_total=40)
    assert report.bytes_total <= 40
    assert report.skipped  # at least one sheet did not fit


def test_blocked_patterns_apply_to_stylesheets(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/styled")
        return dom, s._page.stylesheets

    dom, report = browse(fixture_host, scenario, blocked_patterns=["/static/site.css"])
    assert _hidden_by_text(dom)["Hidden by an external stylesheet."] is False
    assert any("blocked pattern" in why for _, why in report.skipped)


# ---- non-HTTP schemes (only with allow_non_http) ---------------------------------------------------
def test_file_and_data_urls_need_allow_non_http(tmp_path):
    page = tmp_path / "page.html"
    page.write_text('<link rel="stylesheet" href="site.css"><h1>Local file</h1><p class="gone">Hidden</p>')
    (tmp_path / "site.css").write_text(".gone { display: none }")

    async def scenario():
        async with AsyncSession(SessionConfig()) as closed:
            with pytest.raises(BlockedUrl, match="file: scheme"):
                await closed.goto(page.as_uri())
        async with AsyncSession(SessionConfig(allow_non_http=True)) as s:
            local = await s.goto(page.as_uri())
            data = await s.goto("data:text/html,<h1>From%20data</h1>")
            with pytest.raises(Network, match="cannot read the file"):
                await s.goto((tmp_path / "missing.html").as_uri())
            return local, data

    local, data = run(scenario())
    assert _hidden_by_text(local) == {"Local file": False, "Hidden": True}
    assert "From data" in texts(data)


def test_web_pages_cannot_open_local_files_even_with_allow_non_http(fixture_site, fixture_host, tmp_path):
    secret = tmp_path / "secret.html"
    secret.write_text("<p>local secret</p>")

    async def scenario(s):
        dom = await s.load_html(f'<a href="{secret.as_uri()}">Open</a>', fixture_site + "/page")
        with pytest.raises(BlockedUrl, match="may not open local files"):
            await s.click(next(el.id for el in dom.els if el.text == "Open"))
        local = await s.goto(secret.as_uri())  # asked for directly: allowed
        return local

    local = browse(fixture_host, scenario, allow_non_http=True)
    assert "local secret" in texts(local)


def test_bare_host_names_mean_https():
    from browsy_engine.session.security import check_url

    assert str(check_url("example.com/docs?q=1", SessionConfig())) == "https://example.com/docs?q=1"
    assert (
        str(check_url("localhost:8000/x", SessionConfig(allowed_hosts=["localhost:8000"])))
        == "http://localhost:8000/x"
    )


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br"])
def test_compression_bombs_are_refused_within_one_small_step_of_the_limit(fixture_site, fixture_host, coding):
    """A few hundred KB that inflate to 64 MiB: decoding goes in pieces of at most STEP bytes (about
    2 × STEP for brotli), so the body is refused having inflated at most one piece past the limit, not a
    whole network chunk's worth (64 KiB of gzip can inflate to 64 MiB)."""
    from browsy_engine.session.decoding import STEP

    async def scenario(s):
        with pytest.raises(ResponseTooLarge) as err:
            await s.goto(f"{fixture_site}/bomb?coding={coding}")
        return err.value

    error = browse(fixture_host, scenario, max_response_bytes=1_000_000)
    assert 1_000_000 < error.size <= 1_000_000 + 2 * STEP


def test_a_redirect_to_javascript_names_the_target(fixture_site, fixture_host):
    async def scenario(s):
        with pytest.raises(BlockedUrl) as err:
            await s.goto(fixture_site + "/redirect/to?url=javascript:alert(document.cookie)")
        return str(err.value)

    message = browse(fixture_host, scenario)
    assert "javascript:alert(document.cookie)" in message
    assert "/redirect/to" not in message


def test_a_meta_refresh_to_a_blocked_host_keeps_the_page_with_a_note(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/redirect/meta-offsite")
        return dom, s.url()

    dom, url = browse(fixture_host, scenario)
    assert (dom.title, url) == ("Refreshing", fixture_site + "/redirect/meta-offsite")
    assert any("192.168.1.1" in note and "not loaded" in note for note in dom.notes)
    assert "note: This page asks to refresh" in dom.to_compact(header=True)
    assert "192.168.1.1" in dom.to_json()


def test_one_deadline_covers_the_document_and_its_stylesheets(fixture_site, fixture_host):
    """The document answers after 0.7 s and its stylesheet after 0.7 s more: with a 1 s timeout, the
    page is shown (the document came in time) and the stylesheet is skipped as timed out, instead of
    each fetch getting the whole second."""

    async def scenario(s):
        await s.goto(fixture_site + "/slow-styles?delay=0.7")
        return s._page.stylesheets  # what happened to the page's stylesheets (no public accessor)

    report = browse(fixture_host, scenario, timeout_secs=1.0)
    assert report.loaded == []
    assert len(report.skipped) == 1 and "timed out" in report.skipped[0][1]
