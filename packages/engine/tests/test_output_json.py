"""JSON output: the seed's shape, absent fields omitted, deterministic bytes."""

from __future__ import annotations

import json

from browsy_engine import SpatialDom, SpatialElement, parse


def test_element_fields_order_and_omission() -> None:
    el = SpatialElement(
        id=3,
        tag="input",
        role="textbox",
        ph="Email",
        input_type="email",
        name="e",
        required=True,
        b=[1, 2, 3, 4],
    )
    assert json.dumps(el.to_dict()) == (
        '{"id": 3, "tag": "input", "role": "textbox", "ph": "Email", "type": "email", "required": true, '
        '"name": "e", "b": [1, 2, 3, 4]}'
    )


def test_page_shape() -> None:
    dom = parse("<title>T</title><a href='/x'>X</a>", 800, 600, url="https://x.test/")
    data = json.loads(dom.to_json())
    assert list(data)[:4] == ["url", "title", "vp", "scroll"] and list(data)[-1] == "els"
    assert data["vp"] == [800.0, 600.0] and data["els"][0]["href"] == "https://x.test/x"
    assert "captcha" not in data
    assert "node" not in data["els"][0]


def test_json_round_trips_elements_and_pretty_printing_is_the_same_data() -> None:
    dom = parse(
        "<label for=a>Name</label><input id=a name=n value=v><select name=s><option>o</option></select>"
    )
    data = json.loads(dom.to_json())
    again = SpatialDom(els=[SpatialElement.from_dict(e) for e in data["els"]])
    assert [e.to_dict() for e in again.els] == data["els"]
    assert json.loads(dom.to_json(indent=2)) == data


def test_non_ascii_text_is_written_as_is() -> None:
    assert '"Grüße ★"' in parse("<p>Grüße ★</p>").to_json()


def test_json_round_trips_with_typed_page_intelligence() -> None:
    """SpatialDom.from_dict rebuilds typed recipes and CAPTCHA info (the SDK's remote pages use it)."""
    from browsy_engine.suggestions import CaptchaInfo, Login, Recipe

    html = (
        '<title>Sign in</title><form><input type="email" name="user"><input type="password" name="pw">'
        '<div class="g-recaptcha" data-sitekey="k1"></div><button type="submit">Sign in</button></form>'
    )
    dom = parse(html, 1280, 800)
    again = SpatialDom.from_dict(json.loads(dom.to_json(explain=True)))
    assert again.to_json(explain=True) == dom.to_json(explain=True)
    assert all(isinstance(a, Recipe) for a in again.suggested_actions)
    assert any(isinstance(a, Login) for a in again.suggested_actions)
    assert again.captcha is None or isinstance(again.captcha, CaptchaInfo)
