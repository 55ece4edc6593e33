// The header on a phone: the menu button opens and closes the links.
(function () {
  "use strict";
  var top = document.getElementById("top");
  var button = document.getElementById("menu-button");
  if (!top || !button) { return; }
  function set(open) {
    top.classList.toggle("open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
  }
  button.addEventListener("click", function () { set(!top.classList.contains("open")); });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { set(false); } });
  document.addEventListener("click", function (ev) { if (!top.contains(ev.target)) { set(false); } });
})();
// muraglia web: the calculator's picker and live hand picture, highlight of scoring items.
// The server parses and scores; this file only edits the notation text and asks for pictures.
(function () {
  "use strict";
  document.querySelectorAll("select[data-autosubmit]").forEach(function (s) {
    s.addEventListener("change", function () { s.form.submit(); });
  });

  // Highlight the tiles that earn an item (hover, focus, tap).
  function highlight(row, on) {
    var ids = (row.getAttribute("data-hl") || "").split(" ").filter(Boolean);
    ids.forEach(function (id) {
      var el = document.getElementById(id);
      if (el) { el.classList.toggle("hl", on); }
    });
    row.classList.toggle("on", on);
  }
  document.querySelectorAll("tr.item").forEach(function (row) {
    row.addEventListener("mouseenter", function () { highlight(row, true); });
    row.addEventListener("mouseleave", function () { highlight(row, false); });
    row.addEventListener("focus", function () { highlight(row, true); });
    row.addEventListener("blur", function () { highlight(row, false); });
    row.addEventListener("click", function () { highlight(row, !row.classList.contains("on")); });
  });

  var box = document.getElementById("hand");
  var view = document.getElementById("hand-view");
  if (!box || !view) { return; }
  var history = [];
  var timer = null;
  function refresh() {
    var lang = document.documentElement.lang;
    var rules = document.getElementById("rules");
    fetch("/fragment/hand?lang=" + encodeURIComponent(lang) + "&hand=" + encodeURIComponent(box.value) +
          (rules ? "&rules=" + encodeURIComponent(rules.value) : ""))
      .then(function (r) { return r.text(); })
      .then(function (html) { view.innerHTML = html; });
  }
  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 120);
  });
  function setText(text) {
    history.push(box.value);
    box.value = text.replace(/\s+/g, " ").trim();
    refresh();
  }
  function target() {
    var r = document.querySelector("input[name=_target]:checked");
    return r ? r.value : "concealed";
  }
  // Split "... +X" into the part before the winning tile and the winning tile.
  function split(text) {
    var m = text.match(/^(.*?)(\+\s*\S+)?\s*$/);
    return { body: (m[1] || "").trim(), win: m[2] ? m[2].replace(/\s+/g, "") : "" };
  }
  function addTo(field, n) {
    var el = document.getElementById(field);
    if (el) { el.value = (el.value + " " + n).trim(); }
  }
  function pick(n) {
    var p = split(box.value), d = n[0], s = n[1], t = target();
    var rank = d === "0" ? 5 : parseInt(d, 10);
    if (s === "f") { t = "concealed"; }  // flowers and seasons always go to the bonus tiles
    if (t === "dora" || t === "ura") { addTo(t, n); return; }
    var piece = n;
    if (t === "winning") { setText(p.body + " +" + n); return; }
    if (t === "chow") {
      if (s === "z" || rank > 7) { return; }
      piece = "[" + d + (rank + 1) + (rank + 2) + s + "]";
    } else if (t === "pung") { piece = "[" + d + rank + rank + s + "]";
    } else if (t === "kong") { piece = "[" + d + rank + rank + rank + s + "]";
    } else if (t === "ckong") { piece = "(" + d + rank + rank + rank + s + ")";
    } else if (t === "akong") { piece = "[" + d + rank + rank + rank + s + "+]"; }
    setText(p.body + " " + piece + (p.win ? " " + p.win : ""));
  }
  document.querySelectorAll("button.pick").forEach(function (b) {
    b.addEventListener("click", function () { pick(b.getAttribute("data-n")); });
  });
  document.getElementById("undo").addEventListener("click", function () {
    if (history.length) { box.value = history.pop(); refresh(); }
  });
  document.getElementById("clear").addEventListener("click", function () { setText(""); });
})();
// Keyboard shortcuts of the table: a key presses the button that shows it.
(function () {
  "use strict";
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    var keyed = document.querySelectorAll("[data-key]");
    for (var i = 0; i < keyed.length; i++) {
      if (keyed[i].getAttribute("data-key") === ev.key) {
        ev.preventDefault();
        keyed[i].click();
        return;
      }
    }
  });
})();
// Tables with friends: the seat's state arrives over a WebSocket; the actions go back on it.
(function () {
  "use strict";
  var table = document.getElementById("table");
  var lobby = document.getElementById("lobby");
  if (!table || !table.getAttribute("data-live")) { return; }
  var code = table.getAttribute("data-code");
  var conn = document.getElementById("conn");
  var ws = null, n = -1, retry = 500;
  function send(obj) { if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); } }
  function bind() {
    var act = table.querySelector("form[data-ws=act]");
    if (act) {
      act.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var b = ev.submitter;
        if (b && b.name === "a") { send({ type: "act", a: parseInt(b.value, 10), n: n }); }
      });
    }
    var cont = table.querySelector("form[data-ws=continue]");
    if (cont) {
      cont.addEventListener("submit", function (ev) { ev.preventDefault(); send({ type: "continue" }); });
    }
  }
  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + location.host + "/tables/" + code + "/ws?lang=" + document.documentElement.lang);
    ws.onopen = function () { retry = 500; if (conn) { conn.textContent = ""; } };
    ws.onmessage = function (ev) {
      var msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        if (lobby) { location.reload(); return; }
        n = msg.n;
        table.innerHTML = msg.html;
        bind();
        document.dispatchEvent(new CustomEvent("muraglia:state", { detail: msg }));
      } else if (msg.type === "lobby") {
        if (lobby && JSON.stringify(msg.names) !== JSON.stringify(JSON.parse(lobby.getAttribute("data-names")))) { location.reload(); }
      } else if (msg.type === "error" && conn) {
        conn.textContent = msg.error;
      }
    };
    ws.onclose = function () {
      if (conn) { conn.textContent = "…"; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }
  bind();
  connect();
})();
// The replay viewer: a step link (button, arrow key, mouse wheel) fetches the next frame.
(function () {
  "use strict";
  var box = document.getElementById("replay");
  if (!box) { return; }
  var rid = box.getAttribute("data-rid");
  var busy = false, queued = null;
  function load(href) {
    if (busy) { queued = href; return; }
    busy = true;
    var url = new URL(href, location.href);
    var frag = "/replay/" + rid + "/frame" + url.search + (url.search ? "&" : "?") + "lang=" + document.documentElement.lang;
    fetch(frag).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.text();
    }).then(function (html) {
      box.innerHTML = html;
      history.replaceState(null, "", url.pathname + url.search);
      var step = document.querySelector(".replay-options input[name=step]");
      if (step) { step.value = url.searchParams.get("step") || "0"; }
    }).catch(function () { location.href = href; }).finally(function () {
      busy = false;
      if (queued) { var next = queued; queued = null; load(next); }
    });
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a[data-step]");
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey) { return; }
    ev.preventDefault();
    load(a.href);
  });
  var last = 0;
  box.addEventListener("wheel", function (ev) {
    if (!ev.target.closest || !ev.target.closest("#replay-table")) { return; }
    ev.preventDefault();
    var now = Date.now();
    if (now - last < 60) { return; }
    last = now;
    var link = document.getElementById(ev.deltaY > 0 ? "next" : "prev");
    if (link && link.tagName === "A") { load(link.href); }
  }, { passive: false });
})();
