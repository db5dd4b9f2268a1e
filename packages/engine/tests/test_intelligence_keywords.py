"""The keyword matcher of the page-intelligence rules: whole words, in one text or any of several."""

from __future__ import annotations

from browsy_engine.intelligence import keywords as kw


def test_phrases_match_whole_words() -> None:
    assert kw.has_phrase("please sign in", kw.LOGIN)
    assert kw.has_phrase("sign-in", kw.LOGIN)
    assert not kw.has_phrase("signing", kw.LOGIN)
    assert not kw.has_phrase("footprint", kw.VERIFICATION)


def test_any_of_several_texts_never_matches_across_them() -> None:
    assert kw.any_has_phrase(["welcome", "sign in"], kw.LOGIN)
    assert kw.any_has_phrase(["", "2fa"], kw.VERIFICATION)
    assert not kw.any_has_phrase(["please sign", "in here"], kw.LOGIN)
    assert not kw.any_has_phrase(["sign ", "-in"], kw.LOGIN)
    assert not kw.any_has_phrase(["x2", "fa"], kw.VERIFICATION)
    assert not kw.any_has_phrase([], kw.LOGIN)
    assert kw.any_has_phrase(["a\x00login"], kw.LOGIN)  # a NUL inside a text is no word character either
