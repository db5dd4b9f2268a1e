// Builds the /spa page from /spa/items.json (tests/fixture_site/spa.py).
(async function () {
  const root = document.getElementById("root");
  const probe = new URLSearchParams(location.search).get("probe");
  if (probe) {
    try { await fetch(probe); } catch (e) { /* refused: the page carries on */ }
  }
  const data = await (await fetch("/spa/items.json")).json();
  document.cookie = "spa_rendered=yes; path=/";
  const h1 = document.createElement("h1");
  h1.textContent = data.title;
  root.appendChild(h1);
  if (data.user) {
    const who = document.createElement("p");
    who.textContent = "Signed in as " + data.user;
    root.appendChild(who);
  }
  const mine = document.cookie.split("; ").find((c) => c.startsWith("fx_user="));
  if (mine) {
    const seen = document.createElement("p");
    seen.textContent = "Cookie fx_user: " + mine.slice("fx_user=".length);
    root.appendChild(seen);
  }
  const list = document.createElement("ul");
  for (const name of data.items) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/articles/" + (data.items.indexOf(name) + 1);
    a.textContent = name;
    li.appendChild(a);
    list.appendChild(li);
  }
  root.appendChild(list);
  const form = document.createElement("form");
  form.action = "/echo";
  form.innerHTML = '<input name="q" placeholder="Search instruments"><button type="submit">Search</button>';
  root.appendChild(form);
})();
