"""The user-agent stylesheet: Chromium's defaults (html.css) for everything that affects boxes.

Written from the behaviour of Chromium (headless, JS off — so `<noscript>` is rendered): display types,
margins, paddings, borders and fonts of HTML elements and form controls. Colours and other paint-only
properties are left out because the cascade does not model them.
"""

from __future__ import annotations

from typing import Final

UA_CSS: Final = """
html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form, header, hr,
legend, listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup,
nav, section, dd, dl, dt, menu, ol, ul, dir, fieldset, details, optgroup, frameset, frame {
  display: block;
}
head, script, style, template, title, meta, link, base, datalist, noembed, noframes, param, rp, area,
input[type=hidden i], dialog:not([open]), [hidden]:not([hidden=until-found i]), embed[hidden],
audio:not([controls]), slot[hidden], map:empty {
  display: none;
}
[hidden=until-found i] { content-visibility: hidden; }
slot { display: contents; }
li { display: list-item; }
summary { display: block; }
details > summary:first-of-type { display: list-item; list-style: disclosure-closed inside; }
details[open] > summary:first-of-type { list-style-type: disclosure-open; }
dialog {
  position: absolute; left: 0; right: 0; width: fit-content; height: fit-content; margin: auto;
  border: solid; padding: 1em;
}
dialog:modal { position: fixed; top: 0; bottom: 0; max-width: calc(100% - 6px - 2em); max-height: calc(100% - 6px - 2em); }
[popover] {
  position: fixed; inset: 0; width: fit-content; height: fit-content; margin: auto; border: solid;
  padding: 0.25em; overflow: auto;
}
[popover]:not(:popover-open):not(dialog[open]) { display: none; }

html { font-size: medium; font-family: serif; line-height: normal; }
body { margin: 8px; }
p { margin: 1em 0; }
blockquote, figure { margin: 1em 40px; }
address { font-style: italic; }
center { text-align: -webkit-center; }
hr { margin: 0.5em auto; border-style: inset; border-width: 1px; overflow: hidden; }
h1 { font-size: 2em; margin: 0.67em 0; font-weight: bold; }
h2 { font-size: 1.5em; margin: 0.83em 0; font-weight: bold; }
h3 { font-size: 1.17em; margin: 1em 0; font-weight: bold; }
h4 { margin: 1.33em 0; font-weight: bold; }
h5 { font-size: 0.83em; margin: 1.67em 0; font-weight: bold; }
h6 { font-size: 0.67em; margin: 2.33em 0; font-weight: bold; }
ul, menu, dir { list-style-type: disc; margin: 1em 0; padding-left: 40px; counter-reset: list-item; }
ol { list-style-type: decimal; margin: 1em 0; padding-left: 40px; counter-reset: list-item; }
ul ul, ul ol, ol ul, ol ol, ul menu, menu ul, ul dir { margin-top: 0; margin-bottom: 0; }
ul ul, ol ul, ul menu, menu ul, ul dir { list-style-type: circle; }
ul ul ul, ul ol ul, ol ul ul, ol ol ul { list-style-type: square; }
dl { margin: 1em 0; }
ul dl, ol dl, dl dl { margin-top: 0; margin-bottom: 0; }
dd { margin-left: 40px; }
pre, xmp, plaintext, listing { font-family: monospace; white-space: pre; margin: 1em 0; }
code, kbd, samp, tt { font-family: monospace; }
b, strong { font-weight: bolder; }
i, cite, em, var, dfn { font-style: italic; }
small { font-size: smaller; }
big { font-size: larger; }
sub { vertical-align: sub; font-size: smaller; }
sup { vertical-align: super; font-size: smaller; }
nobr { white-space: nowrap; }
ruby { display: ruby; }
rt { display: ruby-text; line-height: normal; font-size: 50%; }
mark { }
figure, figcaption { }
legend { padding-left: 2px; padding-right: 2px; }
fieldset { margin-left: 2px; margin-right: 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove; min-width: min-content; }

table { display: table; border-collapse: separate; border-spacing: 2px; box-sizing: border-box; text-indent: 0; }
caption { display: table-caption; text-align: -webkit-center; }
colgroup { display: table-column-group; }
col { display: table-column; }
thead { display: table-header-group; vertical-align: middle; }
tbody { display: table-row-group; vertical-align: middle; }
tfoot { display: table-footer-group; vertical-align: middle; }
tr { display: table-row; vertical-align: inherit; }
td, th { display: table-cell; vertical-align: inherit; padding: 1px; }
th { font-weight: bold; text-align: -internal-center; }
table > tr { vertical-align: middle; }

img { display: inline; }
iframe { border: 2px inset; }
video { object-fit: contain; }
marquee { display: inline-block; }
meter, progress { display: inline-block; }
progress { box-sizing: border-box; width: 10em; height: 1em; vertical-align: -0.2em; }
meter { box-sizing: border-box; width: 5em; height: 1em; vertical-align: -0.2em; }

input, textarea, select, button {
  margin: 0; font: -webkit-small-control; font-family: arial; font-size: 13.333333px;
  letter-spacing: normal; word-spacing: normal; line-height: normal; text-transform: none;
  text-indent: 0; text-align: start; display: inline-block; appearance: auto;
}
input { padding: 1px 2px; border: 2px inset; }
textarea { font-family: monospace; padding: 2px; border: 1px solid; white-space: pre-wrap; vertical-align: text-bottom; }
select { box-sizing: border-box; border: 1px solid; white-space: pre; }
button, input[type=button i], input[type=submit i], input[type=reset i] {
  padding: 1px 6px; border: 2px outset; box-sizing: border-box; text-align: center;
}
input[type=checkbox i] { box-sizing: border-box; margin: 3px 3px 3px 4px; padding: 0; border: 0 none; }
input[type=radio i] { box-sizing: border-box; margin: 3px 3px 0 5px; padding: 0; border: 0 none; }
input[type=image i], input[type=file i] { padding: 0; border: 0 none; }
input[type=color i] { padding: 1px 2px; border: 1px solid; box-sizing: border-box; }
input[type=range i] { margin: 2px; padding: 0; border: 0 none; }
option { display: block; white-space: nowrap; }
select > option, select > optgroup { display: block; }
"""

# Chromium's quirks.css: added after UA_CSS for documents in quirks mode.
QUIRKS_CSS: Final = """
img[align=left i] { margin-right: 3px; }
img[align=right i] { margin-left: 3px; }
table {
  white-space: normal; line-height: normal; font-weight: normal; font-size: medium; font-style: normal;
  text-align: start;
}
input:not([type=image i]), textarea { box-sizing: border-box; }
form { margin-bottom: 1em; }
"""
