"""A page with frames (spatial/frames.py, session/frames.py).

- `/frames`: a heading; `#same` an iframe of `/frames/inner` (this host); `#doc` a srcdoc frame; `#other`
  an iframe on another host (`localhost`, refused by the SSRF guard when loaded); a hidden, unnamed
  tracking frame.
- `/frames/inner`: "Inner frame", a link to `/articles/1` and a form.
- `/frames/forms`: forms filled in place from the page: `#pay` an iframe of `/frames/pay/form`, whose form's
  action is the relative `echo` (`/frames/pay/echo` from the frame's URL; from the page's it would be
  `/frames/echo`, which does not exist), and a srcdoc frame with a select, a checkbox and a POST form.
- `/frames/many?n=N&kb=K`: N same-host iframes (at most 50), of `/frames/inner`, or of `/big?kb=K` when K
  is given: more frames, or more bytes, than a page's frame budget.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

SRCDOC = "<h2>Terms</h2><p>By paying you accept the terms.</p><a href='/articles/2'>Full terms</a>"


async def page(request: Request) -> Response:
    port = request.url.port
    return HTMLResponse(f"""<!doctype html><html><head><title>Checkout</title></head><body>
<h1>Checkout</h1>
<iframe id="same" title="Payment" src="/frames/inner" width="400" height="200"></iframe>
<iframe id="doc" title="Terms" srcdoc="{SRCDOC.replace('"', "&quot;")}" width="400" height="120"></iframe>
<iframe id="other" title="Chat" src="http://localhost:{port}/frames/inner" width="300" height="100"></iframe>
<iframe src="/frames/pixel" width="0" height="0" style="display:none"></iframe>
<p>Thank you for shopping.</p>
</body></html>""")


async def inner(request: Request) -> Response:
    return HTMLResponse("""<!doctype html><html><head><title>Pay</title></head><body>
<h2>Inner frame</h2><a href="/articles/1">Card help</a>
<form action="/echo"><input name="card" placeholder="Card number"><button>Pay</button></form>
</body></html>""")


ORDER = (
    "<form action='/echo' method='post'><select name='size'><option>S</option><option>M</option></select>"
    "<label><input type='checkbox' name='gift' value='yes'> Gift wrap</label><button>Order</button></form>"
)


async def forms_page(request: Request) -> Response:
    return HTMLResponse(f"""<!doctype html><html><head><title>Pay here</title></head><body>
<h1>Pay here</h1>
<iframe id="pay" title="Card" src="/frames/pay/form" width="400" height="200"></iframe>
<iframe id="order" title="Order" srcdoc="{ORDER.replace('"', "&quot;")}" width="400" height="120"></iframe>
</body></html>""")


async def pay_form(request: Request) -> Response:
    return HTMLResponse("""<!doctype html><html><head><title>Card</title></head><body>
<form action="echo"><input name="card" placeholder="Card number" required>
<label><input type="checkbox" name="save" value="1"> Save card</label><button>Pay now</button></form>
</body></html>""")


async def many(request: Request) -> Response:
    try:
        count = max(0, min(50, int(request.query_params.get("n", "12"))))
        kb = int(request.query_params.get("kb", "0"))
    except ValueError:
        count, kb = 12, 0
    src = f"/big?kb={kb}&amp;n=" if kb > 0 else "/frames/inner?n="
    frames = "".join(
        f'<iframe title="Frame {n}" src="{src}{n}" width="300" height="80"></iframe>'
        for n in range(1, count + 1)
    )
    return HTMLResponse(
        f"<!doctype html><html><head><title>Many frames</title></head><body><h1>Frames</h1>{frames}</body></html>"
    )
