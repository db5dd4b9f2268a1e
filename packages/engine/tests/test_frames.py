"""Frames: iframes listed with src, title and box; srcdoc frames read by the parser; same-host frames
loaded by a session (guarded, bounded), other hosts only when asked; links in frames followable; a
frame's form filled and sent in place from the page (action resolved against the frame's URL, guarded)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from browsy_engine import parse
from browsy_engine.model import SpatialDom
from browsy_engine.session import AsyncSession, BlockedUrl, SessionConfig
from browsy_engine.spatial.frames import MAX_FRAMES, OUTSIDE_FRAME
from browsy_engine.tools.views import render_page


def test_iframes_are_elements_and_srcdoc_documents_are_inlined_after_the_page() -> None:
    html = """<h1>Top</h1><iframe src="/f" title="Remote" width="300" height="100"></iframe>
    <iframe title="Inline" width="300" height="60" srcdoc="<h2>Inside</h2><p>one</p><p>two</p><p>three</p><p>four</p>"></iframe>
    <iframe src="https://t.test/px" style="display:none"></iframe><p>End</p>"""
    dom = parse(html, url="https://a.test/")
    frames = [el for el in dom.els if el.tag == "iframe"]
    assert [(f.text, f.href) for f in frames] == [("Remote", "https://a.test/f"), ("Inline", "about:srcdoc")]
    remote, inline = frames
    assert remote.b[2] > 0 and remote.b[3] > 0
    assert [(f.id, f.status) for f in dom.frames] == [(remote.id, "not loaded"), (inline.id, "loaded")]
    record = dom.frames[1]
    inner = [el for el in dom.els if record.first is not None and record.first <= el.id <= (record.last or 0)]
    assert [el.text for el in inner][:2] == ["Inside", "one"]
    assert inner[0].id > max(el.id for el in dom.els if el.node >= 0)  # the page's ids never move
    heading = inner[0]
    assert inline.b[0] <= heading.b[0] and inline.b[1] <= heading.b[1] < inline.b[1] + inline.b[3]
    assert any(el.concealed == OUTSIDE_FRAME for el in inner)  # below the 60 px frame: scrolled out
    compact = dom.to_compact(header=True)
    assert f"[{inline.id}] about:srcdoc: loaded elements {record.first}-{record.last}" in compact
    again = SpatialDom.from_dict(dom.to_dict())
    assert [f.to_dict() for f in again.frames] == [f.to_dict() for f in dom.frames]
    within = render_page(dom, "json", within_id=inline.id).data["els"]
    assert [el["id"] for el in within] == [inline.id, *[el.id for el in inner]]


def test_srcdoc_frames_nest_one_level_only() -> None:
    nested = '<iframe srcdoc="<p>outer</p><iframe srcdoc=&quot;<p>deep</p>&quot;></iframe>"></iframe>'
    texts = [el.text for el in parse(nested).els]
    assert "outer" in texts and "deep" not in texts


def run(fixture_host: str, scenario: Any, **config: Any) -> Any:
    async def main() -> Any:
        async with AsyncSession(SessionConfig(**{"allowed_hosts": [fixture_host], **config})) as session:
            return await scenario(session)

    return asyncio.run(main())


def test_a_session_loads_same_host_frames_and_lists_the_others(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        dom = await s.goto(f"{fixture_site}/frames")
        link = next(el for el in dom.els if el.text == "Card help")
        followed = await s.click(link.id)
        return dom, followed

    dom, followed = run(fixture_host, scenario)
    by_title = {el.text: el for el in dom.els if el.tag == "iframe"}
    assert set(by_title) == {"Payment", "Terms", "Chat"}  # the hidden, unnamed tracking frame is left out
    payment = next(f for f in dom.frames if f.id == by_title["Payment"].id)
    chat = next(f for f in dom.frames if f.id == by_title["Chat"].id)
    assert payment.status == "loaded" and payment.first is not None
    assert chat.status.startswith("not loaded: another site") and chat.first is None
    assert len(dom.frames) == 3  # every listed iframe has a record
    assert followed.url.endswith("/articles/1")


def test_clicking_a_frame_opens_its_document_whose_form_then_works(
    fixture_site: str, fixture_host: str
) -> None:
    async def scenario(s: AsyncSession) -> Any:
        page = await s.goto(f"{fixture_site}/frames")
        frame = next(el for el in page.els if el.tag == "iframe" and el.text == "Payment")
        opened = await s.click(frame.id)
        card = next(el for el in opened.els if el.ph == "Card number")
        await s.type_text(card.id, "4242")
        pay = next(el for el in opened.els if el.tag == "button" and el.text == "Pay")
        return opened, await s.submit(pay.id), s.last_outcome

    opened, echoed, outcome = run(fixture_host, scenario)
    assert opened.url.endswith("/frames/inner") and not opened.frames
    assert "4242" in echoed.to_compact() and echoed.url.split("?", 1)[0].endswith("/echo")
    assert outcome is not None


def test_load_frames_all_still_passes_the_guard_and_none_loads_nothing(
    fixture_site: str, fixture_host: str
) -> None:
    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/frames")

    everything = run(fixture_host, scenario, load_frames="all")
    chat = next(f for f in everything.frames if "localhost" in f.src)
    assert chat.status.startswith("failed: Blocked URL") and chat.first is None
    nothing = run(fixture_host, scenario, load_frames="none")
    assert [f.status for f in nothing.frames if f.src.startswith("http")] == ["not loaded", "not loaded"]


def test_load_frames_is_checked() -> None:
    with pytest.raises(ValueError, match="load_frames must be one of"):
        SessionConfig(load_frames="some")


def test_a_frames_form_is_filled_and_sent_from_the_page(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        page = await s.goto(f"{fixture_site}/frames/forms")
        frame = next(f for f in page.frames if f.src.endswith("/frames/pay/form"))
        card = next(el for el in page.els if el.ph == "Card number")
        save = next(el for el in page.els if el.input_type == "checkbox" and el.name == "save")
        pay = next(el for el in page.els if el.tag == "button" and el.text == "Pay now")
        await s.type_text(card.id, "4242")
        await s.check(save.id)
        shown = s.dom()
        sent = await s.click(pay.id)
        return page, frame, card, shown, sent, s.last_outcome

    page, frame, card, shown, sent, outcome = run(fixture_host, scenario)
    assert frame.first is not None and frame.first <= card.id <= (frame.last or 0)  # ids continue the page's
    assert shown is not None and shown.get(card.id).val == "4242"  # the typed value shows in place
    assert next(el for el in shown.els if el.name == "save").checked
    # the relative action resolves against the frame's URL (/frames/pay/echo), not the page's (/frames/echo)
    assert sent.url.split("?", 1)[0] == f"{fixture_site}/frames/pay/echo"
    assert "card=4242" in sent.url and "save=1" in sent.url
    assert outcome is not None and outcome.kind == "submit"


def test_a_srcdoc_frames_select_check_and_post_work_in_place(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        page = await s.goto(f"{fixture_site}/frames/forms")
        size = next(el for el in page.els if el.tag == "select")
        gift = next(el for el in page.els if el.input_type == "checkbox" and el.name == "gift")
        await s.select(size.id, "M")
        await s.check(gift.id)
        return await s.submit(size.id)

    sent = run(fixture_host, scenario)
    echoed = sent.to_compact()
    assert sent.url.split("?", 1)[0].endswith("/echo") and "POST" in echoed
    assert "size" in echoed and "gift" in echoed


def test_a_frames_form_goes_through_the_guard(fixture_site: str, fixture_host: str) -> None:
    blocked_action = "<form action='http://127.0.0.2/steal'><input name='x'><button>Go</button></form>"
    html = f'<h1>Page</h1><iframe srcdoc="{blocked_action}"></iframe>'

    async def scenario(s: AsyncSession) -> Any:
        await s.goto(f"{fixture_site}/frames/forms")
        page = await s.load_html(html, url=f"{fixture_site}/frames/local")
        field = next(el for el in page.els if el.name == "x")
        await s.type_text(field.id, "secret")
        try:
            await s.submit(field.id)
        except BlockedUrl as err:
            return err
        return None

    refused = run(fixture_host, scenario)
    assert isinstance(refused, BlockedUrl) and "127.0.0.2" in str(refused)


def test_same_site_frames_stop_at_the_pages_frame_budget(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/frames/many?n=12")

    dom = run(fixture_host, scenario)
    statuses = [f.status for f in dom.frames]
    assert len(statuses) == 12 and statuses.count("loaded") == MAX_FRAMES  # bounded count
    spent = [status for status in statuses if status != "loaded"]
    assert all("frame budget" in status for status in spent)
    listed = [el for el in dom.els if el.tag == "iframe"]
    assert len(listed) == 12 and all(el.b[2] > 0 and el.href for el in listed)  # every frame still listed


def test_the_frames_of_a_page_share_one_byte_budget(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/frames/many?n=4&kb=40")

    dom = run(fixture_host, scenario, max_response_bytes=100_000)  # the page is small; 2 frames of ~41 KB fit
    statuses = [f.status for f in dom.frames]
    assert statuses[:2] == ["loaded", "loaded"] and "loaded" not in statuses[2:], statuses


def test_load_frames_all_loads_another_sites_frame_the_guard_allows(
    fixture_site: str, fixture_host: str
) -> None:
    port = fixture_host.rsplit(":", 1)[1]

    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/frames")

    dom = run(fixture_host, scenario, load_frames="all", allowed_hosts=[fixture_host, f"localhost:{port}"])
    chat = next(f for f in dom.frames if "localhost" in f.src)
    assert chat.status == "loaded" and chat.first is not None
    assert "Inner frame" in [el.text for el in dom.els if chat.first <= el.id <= (chat.last or 0)]
