"""`make demo`: parse the bundled example login page and print its compact output."""

from __future__ import annotations

from importlib import resources

from . import parse


def main() -> None:
    html = resources.files("browsy_engine").joinpath("examples/login.html").read_bytes()
    dom = parse(html, 1920, 1080, url="https://example.com/login")
    print(dom.to_compact(header=True))


if __name__ == "__main__":
    main()
