"""Login → 2FA (code delivered to an "email" page) → dashboard with tables, all by cookies.

State lives in memory per app instance: pending logins (token → code) and signed-in sessions. Many
clients can run the flow at once (each gets its own token and code).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from .markup import alert, layout, table

USERNAME = "agent@example.com"
PASSWORD = "correct-horse-battery"
# A second account, for tests of several sessions signed in as different people.
SECOND_USERNAME = "second@example.com"
SECOND_PASSWORD = "staple-battery-horse"
ACCOUNTS = {USERNAME: PASSWORD, SECOND_USERNAME: SECOND_PASSWORD}
PENDING_COOKIE = "fx_pending"
SESSION_COOKIE = "fx_session"

ORDERS = [
    ["1001", "Ada Lovelace", "129.00", "Shipped"],
    ["1002", "Alan Turing", "54.50", "Processing"],
    ["1003", "Grace Hopper", "310.25", "Delivered"],
    ["1004", "Edsger Dijkstra", "12.99", "Cancelled"],
]
INVOICES = [["INV-77", "2026-10-01", "Paid"], ["INV-78", "2026-11-01", "Due"]]


@dataclass
class AuthState:
    pending: dict[str, str] = field(default_factory=dict)  # token → code
    pending_user: dict[str, str] = field(default_factory=dict)  # token → the user signing in
    sessions: dict[str, str] = field(default_factory=dict)  # token → user


def _login_form(error: str = "") -> str:
    return f"""<h1>Sign in</h1>
{alert("error", error) if error else ""}
<form method="post" action="/login" id="login-form">
  <label for="email">Email</label>
  <input id="email" type="email" name="email" autocomplete="username" placeholder="you@example.com" required>
  <label for="password">Password</label>
  <input id="password" type="password" name="password" autocomplete="current-password" required>
  <label><input type="checkbox" name="remember" value="yes"> Remember me</label>
  <button type="submit">Sign in</button>
</form>
<p><a href="/forgot">Forgot password?</a></p>"""


def _code_form(error: str = "") -> str:
    return f"""<h1>Two-factor authentication</h1>
{alert("error", error) if error else ""}
<p>Enter the 6-digit verification code we sent to your email. <a href="/email">Open your inbox</a>.</p>
<form method="post" action="/2fa">
  <label for="code">Verification code</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" placeholder="123456">
  <button type="submit">Verify</button>
</form>"""


async def login(request: Request) -> Response:
    state: AuthState = request.app.state.auth
    if request.method == "GET":
        return layout("Sign in", _login_form())
    form = await request.form()
    user = str(form.get("email", ""))
    if user not in ACCOUNTS or form.get("password") != ACCOUNTS[user]:
        return layout("Sign in", _login_form("Invalid email or password."))
    token = secrets.token_urlsafe(16)
    state.pending[token] = f"{secrets.randbelow(900000) + 100000}"
    state.pending_user[token] = user
    response = RedirectResponse("/2fa", status_code=303)
    response.set_cookie(PENDING_COOKIE, token, httponly=True, samesite="lax")
    return response


async def two_factor(request: Request) -> Response:
    state: AuthState = request.app.state.auth
    token = request.cookies.get(PENDING_COOKIE, "")
    if token not in state.pending:
        return RedirectResponse("/login", status_code=303)
    if request.method == "GET":
        return layout("Verify your sign-in", _code_form())
    form = await request.form()
    if str(form.get("code", "")).strip() != state.pending[token]:
        return layout(
            "Verify your sign-in", _code_form("That code is not right. Check your email and try again.")
        )
    del state.pending[token]
    session = secrets.token_urlsafe(16)
    state.sessions[session] = state.pending_user.pop(token, USERNAME)
    response = RedirectResponse("/dashboard", status_code=303)
    response.delete_cookie(PENDING_COOKIE)
    response.set_cookie(SESSION_COOKIE, session, httponly=True, samesite="lax")
    return response


async def email(request: Request) -> Response:
    state: AuthState = request.app.state.auth
    code = state.pending.get(request.cookies.get(PENDING_COOKIE, ""))
    if code is None:
        return layout("Inbox", "<h1>Inbox</h1><p>No new messages.</p>")
    return layout(
        "Inbox",
        f"<h1>Inbox</h1><article><h2>Your sign-in code</h2>"
        f"<p>Your verification code is {code}. It expires in 10 minutes.</p></article>"
        '<p><a href="/2fa">Back to sign-in</a></p>',
    )


async def dashboard(request: Request) -> Response:
    state: AuthState = request.app.state.auth
    user = state.sessions.get(request.cookies.get(SESSION_COOKIE, ""))
    if user is None:
        return RedirectResponse("/login", status_code=303)
    body = (
        f"<h1>Dashboard</h1><p>Signed in as {user}.</p>"
        + table("Recent orders", ["Order", "Customer", "Amount", "Status"], ORDERS, "orders")
        + table("Invoices", ["Invoice", "Date", "State"], INVOICES, "invoices")
        + '<p><a href="/logout">Sign out</a></p>'
    )
    return layout("Dashboard", body)


async def logout(request: Request) -> Response:
    state: AuthState = request.app.state.auth
    state.sessions.pop(request.cookies.get(SESSION_COOKIE, ""), None)
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response
