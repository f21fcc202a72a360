// The tournament page's script: lists the games and replays them. It knows
// no game: each position is a set of keyed SVG parts drawn by the game in
// Rust; a game holds its first position whole and then, per move, only the
// parts that change (key index, part index; -1 removes the part).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("tabula-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var PAGE = 100;
  var filter = null, shown = 0, current = -1, ply = 0, game = null;

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // Standings tabs.
  document.querySelectorAll(".tabs button").forEach(function (b) {
    b.addEventListener("click", function () {
      document.querySelectorAll(".tabs button").forEach(function (o) {
        o.classList.toggle("on", o === b);
        $(o.dataset.show).hidden = o !== b;
      });
    });
  });

  function result(g) {
    if (g.winner === "draw") return "draw";
    return (g.winner === "p1" ? g.p1 : g.p2) + " won";
  }

  function matches(g) {
    if (!filter) return true;
    return (g.p1 === filter[0] && g.p2 === filter[1]) || (g.p1 === filter[1] && g.p2 === filter[0]);
  }

  function listGames(reset) {
    var body = document.querySelector("#game-list tbody");
    if (reset) { body.textContent = ""; shown = 0; }
    var picked = [];
    data.games.forEach(function (g, i) { if (matches(g)) picked.push(i); });
    picked.slice(shown, shown + PAGE).forEach(function (i) {
      var g = data.games[i], tr = el("tr");
      tr.dataset.game = i;
      [g.key, g.p1, g.p2, g.scores[0] + " - " + g.scores[1], result(g),
        g.reason + (g.offender ? " (" + g.offender + ")" : ""), g.changes.length]
        .forEach(function (t) { tr.appendChild(el("td", t)); });
      tr.addEventListener("click", function () { open(i, 0); });
      body.appendChild(tr);
    });
    shown = Math.min(picked.length, shown + PAGE);
    $("games-filter").textContent = (filter ? "Games of " + filter[0] + " and " + filter[1] + ": "
      : "All games: ") + picked.length + (filter ? " (click the heading to see all)" : "");
    var more = $("games-more");
    more.textContent = "";
    if (shown < picked.length) {
      var b = el("button", "show " + Math.min(PAGE, picked.length - shown) + " more of " + (picked.length - shown));
      b.addEventListener("click", function () { listGames(false); });
      more.appendChild(b);
    }
  }

  $("games-filter").addEventListener("click", function () { filter = null; listGames(true); });
  document.querySelectorAll("button.pairing").forEach(function (b) {
    b.addEventListener("click", function () {
      filter = [b.dataset.a, b.dataset.b];
      listGames(true);
      $("games").scrollIntoView();
    });
  });
  document.querySelectorAll("button.open").forEach(function (b) {
    b.addEventListener("click", function () { open(+b.dataset.game, 0); });
  });

  // The parts shown at `n` plies: the first position, then each change.
  function partsAt(g, n) {
    var at = new Map(), k;
    for (k = 0; k < g.first.length; k += 2) at.set(g.first[k], g.first[k + 1]);
    for (var p = 0; p < n; p++) {
      var c = g.changes[p];
      for (k = 0; k < c.length; k += 2) {
        if (c[k + 1] < 0) at.delete(c[k]); else at.set(c[k], c[k + 1]);
      }
    }
    var keys = Array.from(at.keys());
    keys.sort(function (a, b) { return data.keys[a] < data.keys[b] ? -1 : data.keys[a] > data.keys[b] ? 1 : 0; });
    return keys.map(function (key) { return data.parts[at.get(key)]; }).join("");
  }

  function show(n) {
    if (!game) return;
    var plies = game.changes.length;
    ply = Math.max(0, Math.min(plies, n));
    var board = $("board");
    board.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + game.size[0] + " " +
      game.size[1] + '">' + partsAt(game, ply) + "</svg>";
    board.dataset.ply = ply;
    board.dataset.plies = plies;
    board.dataset.fen = ply === 0 ? game.start : ply === plies ? game.end : "";
    $("plyno").textContent = ply + " / " + plies;
    document.querySelectorAll("#moves tbody tr").forEach(function (tr, i) {
      tr.classList.toggle("cur", i + 1 === ply);
    });
    var cur = document.querySelector("#moves tr.cur");
    if (cur) {
      var box = cur.closest(".moves");
      if (cur.offsetTop < box.scrollTop || cur.offsetTop > box.scrollTop + box.clientHeight - 30) {
        box.scrollTop = cur.offsetTop - box.clientHeight / 2;
      }
    }
    graph();
  }

  // The reported scores from player 1's side, as a line; the current ply marked.
  function graph() {
    var svg = $("scoregraph"), g = game, W = 400, H = 120;
    var n = g.score.length, pts = [], max = 1, i;
    for (i = 0; i < n; i++) {
      var s = g.score[i];
      if (s === null || s === undefined) { pts.push(null); continue; }
      if (g.who[i] === "2") s = -s;
      pts.push(s);
      max = Math.max(max, Math.abs(s));
    }
    var x = function (i) { return n <= 1 ? W / 2 : (i * W) / (n - 1); };
    var y = function (s) { return H / 2 - (s / max) * (H / 2 - 6); };
    var out = '<line x1="0" y1="' + H / 2 + '" x2="' + W + '" y2="' + H / 2 + '" stroke="#bbb" stroke-dasharray="4 3"/>';
    var path = "", pen = false;
    for (i = 0; i < n; i++) {
      if (pts[i] === null) { pen = false; continue; }
      path += (pen ? "L" : "M") + x(i).toFixed(1) + " " + y(pts[i]).toFixed(1);
      pen = true;
    }
    out += '<path d="' + path + '" fill="none" stroke="#2a62c9" stroke-width="2" vector-effect="non-scaling-stroke"/>';
    if (ply > 0) {
      out += '<line x1="' + x(ply - 1) + '" y1="0" x2="' + x(ply - 1) + '" y2="' + H +
        '" stroke="#e8a100" stroke-width="2" vector-effect="non-scaling-stroke"/>';
    }
    out += '<text x="4" y="12" font-size="11" fill="#777">+' + max + "</text>";
    svg.innerHTML = out;
  }

  $("scoregraph").addEventListener("click", function (ev) {
    if (!game) return;
    var r = this.getBoundingClientRect(), n = game.score.length;
    show(Math.round(((ev.clientX - r.left) / r.width) * Math.max(0, n - 1)) + 1);
  });

  function open(i, at) {
    current = i;
    game = data.games[i];
    var g = game, moves = g.moves ? g.moves.split(" ") : [];
    $("viewer-title").textContent = g.game + " " + g.key + ": " + g.p1 + " (player 1) – " + g.p2 +
      " (player 2), " + g.scores[0] + " - " + g.scores[1] + ", " + result(g);
    var body = document.querySelector("#moves tbody");
    body.textContent = "";
    moves.forEach(function (m, k) {
      var tr = el("tr"), side = g.who[k] || "";
      tr.appendChild(el("td", k + 1));
      tr.appendChild(el("td", side === "1" ? g.p1 : side === "2" ? g.p2 : "", "p" + side));
      tr.appendChild(el("td", m));
      [g.times[k], g.depth[k], g.score[k], g.nodes[k]].forEach(function (v) {
        tr.appendChild(el("td", v === null || v === undefined ? "-" : v));
      });
      tr.addEventListener("click", function () { show(k + 1); });
      body.appendChild(tr);
    });
    var end = "Ended: " + g.reason + (g.offender ? " (" + g.offender + " at fault)" : "");
    if (g.detail) end += ": " + g.detail;
    $("game-end").textContent = end;
    $("board").dataset.game = i;
    document.querySelectorAll("#game-list tbody tr").forEach(function (tr) {
      tr.classList.toggle("sel", +tr.dataset.game === i);
    });
    show(at || 0);
    $("viewer").scrollIntoView();
  }

  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(ply - 1); });
  $("next").addEventListener("click", function () { show(ply + 1); });
  $("last").addEventListener("click", function () { show(Infinity); });
  document.addEventListener("keydown", function (ev) {
    if (!game || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: Infinity }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  });

  listGames(true);
  var m = /game=(\d+)/.exec(location.hash);
  if (m && data.games[+m[1]]) open(+m[1], 0);
  window.tabula = { data: data, open: open, show: show };
  // How long the page took to become usable (arbiter/benches/html.sh reads it).
  document.body.dataset.readyMs = performance.now().toFixed(0);
})();
