// The tournament page's script: lists the games and replays them. It knows
// no game: each position is a set of keyed SVG parts drawn by the game in
// Rust; a game holds its first position whole and then, per move, only the
// parts that change (key index, part index; -1 removes the part). An
// analysed game also holds player 1's winning chances (`win`), each move's
// class (`cls`) and, at each marked move, the reference's best move with the
// parts it would change (`best`), drawn over the board.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("tabula-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var PAGE = 100;
  var filter = null, shown = 0, current = -1, ply = 0, game = null, marks = {};
  // The classes' codes: word and badge (as lichess writes them).
  var CLASS = { b: ["best", ""], g: ["good", ""], i: ["inaccuracy", "?!"], m: ["mistake", "?"], B: ["blunder", "??"] };
  var MARKED = { i: true, m: true, B: true };
  // The words, in the page's language (`data.t`, with `{name}` holes).
  var T = data.t || {};
  function say(key, args) {
    return (T[key] || key).replace(/\{(\w+)\}/g, function (m, k) {
      return args && args[k] !== undefined ? args[k] : m;
    });
  }
  function word(cls) { return T["cls-" + cls] || cls; }

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
    if (g.winner === "draw") return say("draw");
    return say("won", { who: g.winner === "p1" ? g.p1 : g.p2 });
  }

  function pct(a) { return a === null || a === undefined ? "-" : a.toFixed(1); }

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
        say(g.reason) + (g.offender ? " (" + g.offender + ")" : ""), g.changes.length]
        .concat(data.analysed ? [pct(g.sacc && g.sacc[0]), pct(g.sacc && g.sacc[1])] : [])
        .forEach(function (t) { tr.appendChild(el("td", t)); });
      tr.addEventListener("click", function () { open(i, 0); });
      body.appendChild(tr);
    });
    shown = Math.min(picked.length, shown + PAGE);
    $("games-filter").textContent = (filter ? say("gamesOf", { a: filter[0], b: filter[1] })
      : say("allGames")) + picked.length + (filter ? say("seeAll") : "");
    var more = $("games-more");
    more.textContent = "";
    if (shown < picked.length) {
      var b = el("button", say("showMore", { n: Math.min(PAGE, picked.length - shown), of: picked.length - shown }));
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

  // Parts (key index, part index pairs) in the keys' order, as markup.
  function drawn(at) {
    var keys = Array.from(at.keys());
    keys.sort(function (a, b) { return data.keys[a] < data.keys[b] ? -1 : data.keys[a] > data.keys[b] ? 1 : 0; });
    return keys.map(function (key) { return data.parts[at.get(key)]; }).join("");
  }

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
    return drawn(at);
  }

  // Over the board, the reference's best move where the next move is marked:
  // the parts it would change, glowing green.
  function bestOverlay(b) {
    var at = new Map();
    for (var k = 0; k < b.o.length; k += 2) at.set(b.o[k], b.o[k + 1]);
    return '<filter id="best-glow" x="-20%" y="-20%" width="140%" height="140%">' +
      '<feDropShadow dx="0" dy="0" stdDeviation="2.5" flood-color="#13a348" flood-opacity="1"/></filter>' +
      '<g class="bestmove" filter="url(#best-glow)">' + drawn(at) + "</g>";
  }

  function show(n) {
    if (!game) return;
    var plies = game.changes.length;
    ply = Math.max(0, Math.min(plies, n));
    var board = $("board"), best = ply < plies ? marks[ply] : undefined;
    board.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + game.size[0] + " " +
      game.size[1] + '">' + partsAt(game, ply) + (best ? bestOverlay(best) : "") + "</svg>";
    board.dataset.best = best ? best.m : "";
    var moves = game.moves ? game.moves.split(" ") : [];
    $("best-caption").textContent = best ? say("best", { best: best.m, played: moves[ply],
      badge: CLASS[game.cls[ply]][1], class: word(CLASS[game.cls[ply]][0]) }) : "";
    board.dataset.ply = ply;
    board.dataset.plies = plies;
    board.dataset.fen = ply === 0 ? game.start : ply === plies ? game.end : "";
    $("plyno").textContent = ply + " / " + plies;
    document.querySelectorAll("#moves tbody tr").forEach(function (tr, i) {
      tr.classList.toggle("cur", i + 1 === ply);
      tr.classList.toggle("next", i === ply && !!marks[ply]);
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

  // The reported scores from player 1's side, as a line; the current ply
  // marked. An analysed game: player 1's winning chances instead, the
  // reported scores a second line.
  function graph() {
    if (game.win) { winGraph(); return; }
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
    out += '<path data-line="scores" d="' + path + '" fill="none" stroke="#2a62c9" stroke-width="2" vector-effect="non-scaling-stroke"/>';
    if (ply > 0) {
      out += '<line x1="' + x(ply - 1) + '" y1="0" x2="' + x(ply - 1) + '" y2="' + H +
        '" stroke="#e8a100" stroke-width="2" vector-effect="non-scaling-stroke"/>';
    }
    out += '<text x="4" y="12" font-size="11" fill="#777">+' + max + "</text>";
    svg.innerHTML = out;
  }

  // Player 1's winning chances (0-100 %, 50 % the middle line) at each
  // position; a dot at each marked move (after it), the turning point
  // ringed; the engines' reported scores a grey line, scaled to the height.
  function winGraph() {
    var svg = $("scoregraph"), g = game, W = 400, H = 120, n = g.win.length, i;
    var box = svg.getBoundingClientRect();
    var sx = box.width > 0 ? box.width / W : 1, sy = box.height > 0 ? box.height / H : 1;
    var x = function (p) { return n <= 1 ? W / 2 : (p * W) / (n - 1); };
    var y = function (w) { return H - 5 - (w / 100) * (H - 10); };
    var f = function (v) { return v.toFixed(1); };
    var out = '<rect x="0" y="0" width="' + W + '" height="' + f(y(50)) + '" fill="#eef3fc"/>' +
      '<line x1="0" y1="' + f(y(50)) + '" x2="' + W + '" y2="' + f(y(50)) + '" stroke="#bbb" stroke-dasharray="4 3"/>';
    if ($("show-scores").checked) {
      var max = 1, path = "", pen = false, s;
      for (i = 0; i < g.score.length; i++) {
        if (g.score[i] !== null && g.score[i] !== undefined) max = Math.max(max, Math.abs(g.score[i]));
      }
      for (i = 0; i < g.score.length && i + 1 < n; i++) {
        s = g.score[i];
        if (s === null || s === undefined) { pen = false; continue; }
        if (g.who[i] === "2") s = -s;
        path += (pen ? "L" : "M") + f(x(i + 1)) + " " + f(y(50 + (50 * s) / max));
        pen = true;
      }
      out += '<path data-line="scores" d="' + path + '" fill="none" stroke="#9a9a9a" stroke-width="1.5" ' +
        'stroke-dasharray="5 3" vector-effect="non-scaling-stroke"/>';
    }
    var line = "";
    for (i = 0; i < n; i++) line += (i ? "L" : "M") + f(x(i)) + " " + f(y(g.win[i]));
    out += '<path data-line="win" d="' + line + '" fill="none" stroke="#2a62c9" stroke-width="2" vector-effect="non-scaling-stroke"/>';
    out += '<line x1="' + f(x(ply)) + '" y1="0" x2="' + f(x(ply)) + '" y2="' + H +
      '" stroke="#e8a100" stroke-width="2" vector-effect="non-scaling-stroke"/>';
    // A round dot after move p, though the graph is stretched.
    var dot = function (p, r, attrs, inner) {
      return '<ellipse cx="' + f(x(p + 1)) + '" cy="' + f(y(g.win[p + 1])) + '" rx="' + (r / sx).toFixed(2) +
        '" ry="' + (r / sy).toFixed(2) + '" ' + attrs + ">" + (inner || "") + "</ellipse>";
    };
    if (g.tp !== undefined && g.tp + 1 < n) {
      out += dot(g.tp, 7, 'class="tp" data-tp-ply="' + g.tp + '" fill="none" stroke="#222" stroke-width="2" vector-effect="non-scaling-stroke"');
    }
    for (i = 0; i < g.cls.length && i + 1 < n; i++) {
      var c = g.cls[i];
      if (!MARKED[c]) continue;
      out += dot(i, c === "B" ? 4.5 : 3.5, 'class="mark ' + CLASS[c][0] + '" data-mark-ply="' + i + '"',
        "<title>" + say("mark", { n: i + 1, class: word(CLASS[c][0]) }) + "</title>");
    }
    out += '<text x="4" y="12" font-size="11" fill="#777">' + say("p1Full") + "</text>" +
      '<text x="4" y="' + (H - 4) + '" font-size="11" fill="#777">0 %</text>';
    svg.innerHTML = out;
  }

  $("scoregraph").addEventListener("click", function (ev) {
    if (!game) return;
    var mark = ev.target.closest && ev.target.closest("[data-mark-ply]");
    if (mark) { show(+mark.dataset.markPly); return; }
    var r = this.getBoundingClientRect(), frac = (ev.clientX - r.left) / r.width;
    if (game.win) { show(Math.round(frac * Math.max(0, game.win.length - 1))); return; }
    var n = game.score.length;
    show(Math.round(frac * Math.max(0, n - 1)) + 1);
  });
  $("show-scores").addEventListener("change", function () { if (game) graph(); });


  function open(i, at) {
    current = i;
    game = data.games[i];
    var g = game, moves = g.moves ? g.moves.split(" ") : [];
    marks = {};
    (g.best || []).forEach(function (b) { marks[b.p] = b; });
    $("viewer-title").textContent = say("title", { game: g.game, key: g.key, p1: g.p1, p2: g.p2,
      s1: g.scores[0], s2: g.scores[1], result: result(g) }) +
      (g.sacc ? say("accuracy", { a1: pct(g.sacc[0]), a2: pct(g.sacc[1]) }) : "");
    $("graph-note").textContent = g.win ? say("noteWin") : say("noteScores");
    $("scores-toggle").hidden = !g.win;
    var head = [say("num"), say("side"), say("move")]
      .concat(g.cls ? ["", say("accuracyCol"), say("reference")] : [])
      .concat([say("ms"), say("depth"), say("score"), say("nodes")]);
    var row = document.querySelector("#moves thead tr");
    row.textContent = "";
    head.forEach(function (h) { row.appendChild(el("th", h)); });
    var body = document.querySelector("#moves tbody");
    body.textContent = "";
    moves.forEach(function (m, k) {
      var tr = el("tr"), side = g.who[k] || "";
      tr.appendChild(el("td", k + 1));
      tr.appendChild(el("td", side === "1" ? g.p1 : side === "2" ? g.p2 : "", "p" + side));
      tr.appendChild(el("td", m));
      if (g.cls) {
        var c = g.cls[k], cls = CLASS[c] || ["", ""], td = el("td", null, "cls");
        if (c) tr.dataset.cls = c;
        if (MARKED[c]) tr.classList.add("mk-" + cls[0]);
        if (cls[1]) { var badge = el("span", cls[1], "badge " + cls[0]); badge.title = word(cls[0]); td.appendChild(badge); }
        tr.appendChild(td);
        tr.appendChild(el("td", g.acc && g.acc[k] !== undefined ? pct(g.acc[k]) : "-"));
        var notes = [];
        if (marks[k]) notes.push(say("bestNote", { best: marks[k].m }));
        if (g.mw && g.mw.indexOf(k) >= 0) notes.push(say("missedWin"));
        if (g.rp && g.rp.indexOf(k) >= 0) notes.push(say("replaced"));
        tr.appendChild(el("td", notes.join("; "), "ref"));
      }
      [g.times[k], g.depth[k], g.score[k], g.nodes[k]].forEach(function (v) {
        tr.appendChild(el("td", v === null || v === undefined ? "-" : v));
      });
      tr.addEventListener("click", function () { show(k + 1); });
      body.appendChild(tr);
    });
    var end = say("ended", { reason: say(g.reason) }) + (g.offender ? say("atFault", { who: g.offender }) : "");
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

  // `#game=N` opens game N at its start, `#game=N&ply=K` after K moves.
  function openHash() {
    var m = /game=(\d+)(?:&ply=(\d+))?/.exec(location.hash);
    if (m && data.games[+m[1]]) open(+m[1], m[2] ? +m[2] : 0);
  }
  window.addEventListener("hashchange", openHash);
  // A link to the address already shown opens it again.
  document.querySelectorAll('a[href^="#game="]').forEach(function (a) {
    a.addEventListener("click", function () { if (location.hash === a.getAttribute("href")) openHash(); });
  });

  listGames(true);
  openHash();
  window.tabula = { data: data, open: open, show: show };
  // How long the page took to become usable (arbiter/benches/html.sh reads it).
  document.body.dataset.readyMs = performance.now().toFixed(0);
})();
