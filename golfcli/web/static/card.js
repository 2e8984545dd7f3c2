/* The scorecard page: one live card on every phone at the table.
 *
 * The server holds the card and works out everything shown (totals, the
 * leader, the winner, the next hole, the dealer, each counted card's value):
 * this script draws what it is sent and sends what a person taps, and does
 * no arithmetic of the rules. Every write carries the card's revision as
 * this phone saw it; when another phone wrote first the server refuses it,
 * sends the card as it is now, and the page asks before trying again.
 */
"use strict";

(() => {
  const { el, api } = Golf;
  const API = "/card/api";
  const S = {
    view: "golf",      // golf | mini | season | card
    name: null,        // the open card's name
    card: null,        // its snapshot
    list: [],
    games: [],
    edit: false,
    lan: false,
    stream: null,
    streamFor: undefined,
  };
  const $ = (id) => document.getElementById(id);
  /* replaceChildren, leaving out the parts not shown (null) */
  const put = (node, ...children) => node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));

  /* ---------------------------------------------------------------- messages */

  let noticeTimer = 0;
  function notice(text, good) {
    const box = $("notice");
    box.textContent = text;
    box.className = good ? "notice good" : "notice";
    box.hidden = !text;
    clearTimeout(noticeTimer);
    if (text) noticeTimer = setTimeout(() => { box.hidden = true; }, good ? 3500 : 9000);
  }
  $("notice").addEventListener("click", () => { $("notice").hidden = true; });

  /* A question over whatever is shown: resolves true (yes) or false. */
  function ask(question, yes, no) {
    return new Promise((resolve) => {
      const layer = el("div", { class: "sheet", role: "alertdialog", "aria-modal": "true" });
      const done = (answer) => { layer.remove(); resolve(answer); };
      layer.append(el("div", { class: "sheet-body" },
        el("h2", { text: "The card changed" }),
        el("p", { class: "lead ask-text", text: question }),
        el("div", { class: "sheet-foot" },
          el("button", { class: "btn primary big", type: "button", onclick: () => done(true) }, yes),
          el("button", { class: "btn big", type: "button", onclick: () => done(false) }, no))));
      document.body.append(layer);
    });
  }

  /* ---------------------------------------------------------------- sheets */

  function openSheet(...children) {
    const body = $("sheet-body");
    put(body, ...children);
    $("sheet").hidden = false;
    body.scrollTop = 0;
  }
  function closeSheet() {
    $("sheet").hidden = true;
    $("sheet-body").replaceChildren();
    S.entry = null;
  }
  $("sheet").addEventListener("click", (e) => { if (e.target === $("sheet")) closeSheet(); });
  const closeButton = (label) => el("button", { class: "btn big", type: "button", onclick: closeSheet }, label || "Close");

  /* ---------------------------------------------------------------- routing and the stream */

  function route() {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash.startsWith("card=")) {
      S.view = "card";
      S.name = hash.slice(5);
    } else {
      S.view = ["mini", "season"].includes(hash) ? hash : "golf";
      S.name = null;
      S.card = null;
    }
    closeSheet();
    // a refusal was about the page left behind: it does not follow to the next one
    if (!$("notice").hidden && $("notice").className !== "notice good") notice("");
    listen();
    render();
  }
  window.addEventListener("hashchange", route);

  function listen() {
    if (S.stream && S.streamFor === S.name) return;
    if (S.stream) S.stream.close();
    S.streamFor = S.name;
    const query = S.name ? `?card=${encodeURIComponent(S.name)}` : "";
    S.stream = Golf.live(`${API}/live${query}`, {
      list: (data) => { S.list = data.cards; if (S.view !== "card") render(); },
      card: (data) => { if (data.name === S.name) showCard(data); },
      gone: (data) => { if (S.view === "card") { notice(data.error); location.hash = "#golf"; } },
    }, (state) => {
      const dot = $("conn");
      dot.dataset.state = state;
      dot.title = state === "live" ? "live: changes show at once" : state;
    });
  }

  function showCard(card) {
    const had = S.card;
    S.card = card;
    if (S.view !== "card") return;
    render();
    if (had && had.version !== card.version && S.entry) refreshEntry();
  }

  /* ---------------------------------------------------------------- drawing */

  function render() {
    const main = $("main");
    const onCard = S.view === "card";
    $("back").hidden = !onCard;
    $("tabs").hidden = onCard;
    $("title").textContent = onCard ? (S.card ? S.card.title || S.card.name : S.name) : "Golf scorecard";
    for (const b of document.querySelectorAll("#tabs button")) {
      b.setAttribute("aria-selected", String(b.dataset.tab === S.view));
    }
    if (S.view === "season") return renderSeason(main);
    if (onCard) return renderCard(main);
    return renderList(main, S.view);
  }

  function renderList(main, kind) {
    const cards = S.list.filter((c) => c.kind === kind || (c.error && kind === "golf"));
    const items = cards.map((c) => el("li", {},
      el("button", { type: "button", onclick: () => { location.hash = `#card=${encodeURIComponent(c.name)}`; } },
        el("div", { class: "name" }, c.title || c.name),
        c.error ? el("div", { class: "sub bad" }, c.error)
          : el("div", { class: "sub" }, c.sides.join(", ")),
        c.error ? null : el("div", { class: c.finished ? "sub done" : "sub" },
          c.finished ? (c.winners.length === 1 ? `Winner: ${c.winners[0]}` : `Tie: ${c.winners.join(", ")}`)
            : `${c.played} played, ${c.length}`))));
    const what = kind === "mini" ? "mini golf cards" : "golf cards";
    put(main, 
      el("h2", {}, kind === "mini" ? "Mini golf" : "Golf"),
      items.length ? el("ul", { class: "cards" }, items)
        : el("p", { class: "pad muted" }, `No ${what} in this folder yet.`),
      el("div", { class: "list-actions" },
        S.edit ? el("button", { class: "btn primary big", type: "button", onclick: () => openNew(kind) },
          kind === "mini" ? "New mini golf card" : "New card") : null,
        el("button", { class: "btn big", type: "button", onclick: () => openBlank(kind) },
          "Print blank scorecard")));
  }

  function cellOf(cell, won) {
    if (!cell) return el("td", { class: "score" });
    const classes = ["score"];
    if (cell.layout) classes.push("counted");
    if (cell.problem) classes.push("wrong");
    if (cell.missed) classes.push("missed");
    if (won) classes.push("won");
    return el("td", { class: classes.join(" "), title: cell.layout ? `${cell.layout} = ${cell.score}` : null },
      el("span", { class: "v" }, cell.score),
      cell.total !== undefined ? el("span", { class: "t" }, cell.total) : null);
  }

  function renderCard(main) {
    const c = S.card;
    if (!c) { put(main, el("p", { class: "pad muted" }, "Loading the card…")); return; }
    const hasPar = c.kind === "mini" && c.par;
    const dealerSide = c.dealer ? c.sides.findIndex((s) => s.split(" & ").includes(c.dealer)) : -1;
    const match = c.scoring === "match";
    const head = el("tr", {}, el("th", { class: "hole", scope: "col" }, "Hole"),
      hasPar ? el("th", { class: "par", scope: "col" }, "Par") : null,
      c.sides.map((s, i) => el("th", { scope: "col", class: c.left[s] ? "gone" : null }, s,
        i === dealerSide ? el("span", { class: "dealer", title: `${c.dealer} deals ${c.next_words}` }, "D") : null,
        c.left[s] ? el("span", { class: "t" }, `left after ${c.left[s]}`) : null)),
      match ? el("th", { scope: "col", class: "match" }, "Match") : null);
    const body = [];
    const editable = S.edit;
    const nine = (h) => {
      const n = c.nines.find((x) => x.after === h);
      if (!n) return;
      body.push(el("tr", { class: "nine" }, el("th", { class: "hole", scope: "row" }, n.label),
        hasPar ? el("td", { class: "par" }, n.par ?? "") : null,
        n.cells.map((v) => el("td", {}, v ?? "")), match ? el("td", {}) : null));
    };
    for (const row of c.rows.filter((r) => !r.playoff)) {
      body.push(holeRow(c, row, hasPar, editable));
      nine(Number(row.label));
    }
    if (c.next && !c.next.startsWith("P")) {
      const n = Number(c.next);
      const last = c.holes || n;
      for (let h = n; h <= Math.max(n, last); h++) {
        const isNext = h === n;
        const attrs = { class: isNext ? "next" : "todo" };
        if (isNext && editable) { attrs["data-hole"] = "next"; attrs.onclick = () => openEntry(); }
        body.push(el("tr", attrs, el("th", { class: "hole", scope: "row" }, h),
          hasPar ? parCell(c, h, editable) : null,
          c.sides.map((s) => el("td", { class: "score" }, isNext && editable && !c.left[s] ? el("span", { class: "t" }, "tap") : "")),
          match ? el("td", {}) : null));
        nine(h);
      }
    }
    const foot = c.foot.map((f) => el("tr", { class: "foot" },
      el("th", { class: "hole", scope: "row" }, f.label),
      hasPar ? el("td", { class: "par" }, f.par ?? "") : null,
      f.cells.map((v) => el("td", {}, v)), match ? el("td", {}) : null));
    const playoffs = c.rows.filter((r) => r.playoff).map((r) => holeRow(c, r, hasPar, editable));
    const table = el("table", { class: "grid" }, el("thead", {}, head), el("tbody", {}, body),
      el("tbody", { class: "totals" }, foot), playoffs.length ? el("tbody", {}, playoffs) : null);
    put(main, 
      el("div", { class: "card-head" },
        el("p", { class: "describe" }, c.describe)),
      el("div", { class: c.finished && !c.tied ? "status won" : "status", id: "status" },
        c.status.map((line, i) => el("div", { class: i ? "small" : null }, line))),
      c.problems.length ? el("div", { class: "problems" }, c.problems.map((p) => el("div", {}, p))) : null,
      c.game && c.game.error ? el("div", { class: "problems" }, c.game.error) : null,
      el("div", { class: "grid-wrap" }, table),
      el("p", { class: "legend" }, c.kind === "mini" ? "Small numbers: strokes so far." :
        "Small numbers: running totals. • counted from the cards (tap the hole to see them)."),
      c.values.length ? el("div", { class: "values" }, c.values.slice(0, 2).map((v) => el("p", {}, v))) : null,
      actions(c));
  }

  function holeRow(c, row, hasPar, editable) {
    const attrs = { class: [row.playoff ? "playoff" : "", row.void ? "void" : ""].join(" ").trim() || null };
    if (editable) { attrs["data-hole"] = row.label; attrs.onclick = () => openFix(row.label); }
    return el("tr", attrs, el("th", { class: "hole", scope: "row", title: row.won ? `won by ${row.won}` : null }, row.label),
      hasPar ? parCell(c, Number(row.label), editable, row.par) : null,
      row.cells.map((cell, i) => cellOf(cell, row.won && row.won === c.sides[i])),
      c.scoring === "match" ? el("td", { class: "match small" }, row.playoff ? "" : (row.won === "halved" ? "halved" : row.match || "")) : null);
  }

  /* A mini golf hole's par: tapped, it is set (or learned) for that hole. */
  function parCell(c, hole, editable, known) {
    const par = known ?? (c.par ? c.par[hole - 1] : null);
    if (!editable || c.kind !== "mini") return el("td", { class: "par" }, par ?? "");
    return el("td", { class: "par tap-par", title: `par of hole ${hole}`,
      onclick: (e) => { e.stopPropagation(); openPar(hole, par); } }, par ?? "?");
  }

  function openPar(hole, par) {
    const pick = (value) => { closeSheet(); tableChange("par", { hole, par: value }); };
    openSheet(el("h2", {}, `Par of hole ${hole}`),
      el("p", { class: "lead" }, "As the course is learned: the totals against par follow."),
      el("div", { class: "keys" }, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => el("button", {
        type: "button", "aria-pressed": String(p === par), onclick: () => pick(p) }, p)),
        el("button", { class: "aux", type: "button", onclick: () => pick(null) }, "not known")),
      el("div", { class: "sheet-foot" }, closeButton("Cancel")));
  }

  function actions(c) {
    const buttons = [];
    if (S.edit && c.next) {
      buttons.push(el("button", { class: "btn primary big", type: "button", id: "enter", onclick: () => openEntry() },
        `Enter ${c.next_words}`));
    }
    buttons.push(el("div", { class: "row" },
      S.edit ? el("button", { class: "btn", type: "button", id: "undo", disabled: !c.undo, onclick: undo }, "Undo") : null,
      el("button", { class: "btn", type: "button", id: "log", onclick: openLog }, "Log"),
      S.edit ? el("button", { class: "btn", type: "button", id: "table", onclick: openTable }, "Players") : null,
      el("a", { class: "btn", id: "print", href: `${API}/cards/${encodeURIComponent(c.name)}/card.pdf`, download: `${c.name}.pdf` }, "Print")));
    return el("div", { class: "actions" }, buttons);
  }

  /* ---------------------------------------------------------------- entering and fixing a hole */

  function openEntry() {
    const c = S.card;
    if (!c || !c.next) return;
    S.entry = { mode: "add", label: c.next, sides: c.open.slice(), values: {}, layouts: {}, seen: c.revision,
      closer: "", wasCloser: "" };
    drawEntry();
  }

  function openFix(label) {
    const c = S.card;
    const row = c.rows.find((r) => r.label === label);
    if (!row) return;
    const sides = c.sides.filter((_, i) => row.cells[i]);
    const values = {};
    const layouts = {};
    row.cells.forEach((cell, i) => {
      if (!cell) return;
      values[c.sides[i]] = cell.layout || String(cell.score);
      if (cell.layout) layouts[c.sides[i]] = { layout: cell.layout, total: cell.score, lines: cell.count };
    });
    S.entry = { mode: "fix", label, sides, values, layouts, seen: c.revision, was: { ...values },
      closer: row.closer ?? "", wasCloser: row.closer ?? "" };
    drawEntry();
  }

  function refreshEntry() {
    // the card moved while this sheet was open: say so; the write will ask
    const lead = document.querySelector("#sheet .lead");
    if (lead && S.entry) lead.textContent = "The card just changed on another phone; saving will ask first.";
  }

  function drawEntry(bad) {
    const E = S.entry;
    const c = S.card;
    const words = E.label.startsWith("P") ? `playoff hole ${E.label.slice(1)}` : `hole ${E.label}`;
    const mini = c.kind === "mini";
    const rows = E.sides.map((side) => {
      const layout = E.layouts[side];
      const input = el("input", {
        type: "text", inputmode: mini ? "numeric" : "text", autocomplete: "off", enterkeyhint: "next",
        "aria-label": `${side}'s score`, value: layout ? String(layout.total) : (E.values[side] ?? ""),
        readonly: layout ? true : null, placeholder: mini ? "strokes" : "score",
        oninput: (e) => { E.values[side] = e.target.value.trim(); },
      });
      const flip = mini ? null : el("button", { class: "btn", type: "button", title: "plus or minus", "aria-label": `${side}: plus or minus`,
        onclick: () => {
          if (E.layouts[side]) return;
          const v = (E.values[side] || "").trim();
          E.values[side] = v.startsWith("-") ? v.slice(1) : (v ? `-${v}` : "-");
          input.value = E.values[side];
          input.focus();
        } }, "±");
      const count = mini || !c.game || c.game.error ? null : el("button", { class: "btn count", type: "button",
        onclick: () => openCount(side) }, "Count cards");
      return el("div", { class: bad === side ? "who bad" : "who", "data-side": side },
        el("div", { class: "who-name" }, side, c.dealer && side.split(" & ").includes(c.dealer) && E.mode === "add"
          ? el("span", { class: "dealer" }, "D") : null),
        el("div", { class: "who-line" }, input, flip, count),
        layout ? el("div", { class: "layout-chip" }, `${layout.layout} = ${layout.total} `,
          el("button", { class: "btn", type: "button", onclick: () => { delete E.layouts[side]; E.values[side] = ""; drawEntry(); } }, "Clear")) : null);
    });
    const closer = mini || !c.game || !c.game.closer ? null : el("div", {},
      el("label", { class: "field" }, "Who went out (for the rules that score it; optional)"),
      choice([["", "no one"], ...E.sides.map((x) => [x, x])], E.closer ?? "", (v) => { E.closer = v; }));
    const title = E.mode === "add" ? `Enter ${words}` : `Fix ${words}`;
    const lead = E.mode === "add"
      ? (mini ? "Strokes for each player." : "Each player's total, or count their cards.")
      : "Change the scores that are wrong; the others stay.";
    openSheet(el("h2", {}, title), el("p", { class: "lead" }, lead),
      el("div", { class: "entry" }, rows), closer,
      el("div", { class: "sheet-foot" },
        el("button", { class: "btn primary big", type: "button", id: "save", onclick: () => save() },
          E.mode === "add" ? `Save ${words}` : "Save the fix"),
        closeButton("Cancel")));
    const first = document.querySelector("#sheet .who-line input:not([readonly])");
    if (first && !bad) first.focus();
  }

  // "" is "no one": a fix may take a closer off as well as name one
  const body_closer_same = (E) => (E.closer ?? "") === (E.wasCloser ?? "");

  async function save(extra) {
    const E = S.entry;
    const c = S.card;
    if (!E) return;
    const scores = {};
    for (const side of E.sides) {
      const v = (E.values[side] ?? "").trim();
      if (E.mode === "fix" && v === E.was[side]) continue;
      if (E.mode === "add" && v === "") { notice(`no score for ${side}`); drawEntry(side); return; }
      scores[side] = v;
    }
    if (E.mode === "fix" && !Object.keys(scores).length && body_closer_same(E)) { closeSheet(); return; }
    const url = `${API}/cards/${encodeURIComponent(c.name)}/${E.mode === "add" ? "holes" : "fix"}`;
    const body = { revision: E.seen, hole: E.label, scores, ...(extra || {}) };
    if (E.mode === "fix" ? !body_closer_same(E) : E.closer) body.closer = E.closer ?? "";
    const button = $("save");
    if (button) button.disabled = true;
    const r = await api("POST", url, body);
    if (button) button.disabled = false;
    if (r.ok) return written(r.data);
    if (r.data.card) showCard(r.data.card);
    if (r.data.stale) {
      const now = S.card;
      const changed = r.data.changes.length ? r.data.changes.join("; ") : "it was changed by another program";
      if (E.mode === "add") {
        if (!now.next) { notice(`The card changed (${changed}) and the game is over.`); closeSheet(); return; }
        const nowSides = now.open.join(",") === E.sides.join(",");
        if (!nowSides) { notice(`The card changed (${changed}); enter the hole again.`); closeSheet(); return; }
        const go = await ask(`${changed}. Enter your scores as ${now.next_words}?`, `Yes, as ${now.next_words}`, "No, keep them here");
        if (!go) return;
        E.label = now.next;
      } else {
        const go = await ask(`${changed}. Apply your fix to hole ${E.label} as the card has it now?`, "Yes, apply it", "No");
        if (!go) return;
      }
      E.seen = now.revision;
      return save(extra);
    }
    if (r.data.ask === "drop_later") {
      const go = await ask(`${r.data.error}.`, "Set them aside", "Cancel");
      if (go) return save({ drop_later: true });
      return;
    }
    notice(r.data.error);
    if (r.status === 403) { S.edit = false; closeSheet(); render(); return; }
    const place = r.data.place || "";
    const side = E.sides.find((s) => place.endsWith(`, ${s}`));
    if (side) drawEntry(side);
    if (r.status === 409 || r.status === 404) refetch();
  }

  function written(data) {
    closeSheet();
    showCard(data.card);
    notice([data.said, ...(data.warnings || [])].join(". "), !(data.warnings || []).length);
  }

  async function refetch() {
    if (!S.name) return;
    const r = await api("GET", `${API}/cards/${encodeURIComponent(S.name)}`);
    if (r.ok) showCard(r.data);
  }

  async function undo() {
    const c = S.card;
    if (!c.undo) return;
    const go = await ask(`Take back: ${c.undo}?`, "Undo it", "Keep it");
    if (!go) return;
    let seen = c.revision;
    for (;;) {
      const r = await api("POST", `${API}/cards/${encodeURIComponent(c.name)}/undo`, { revision: seen });
      if (r.ok) return written(r.data);
      if (r.data.card) showCard(r.data.card);
      if (!r.data.stale || !S.card.undo) { notice(r.data.error); return; }
      const again = await ask(`${r.data.changes.join("; ") || "The card changed"}. Undo would now take back: ${S.card.undo}. Undo it?`, "Undo it", "Keep it");
      if (!again) return;
      seen = S.card.revision;
    }
  }

  /* ---------------------------------------------------------------- the count helper */

  function openCount(side) {
    const g = S.card.game;
    const n = g.rows * g.cols;
    const C = { side, cells: new Array(n).fill(""), at: 0, result: null, suit: "" };
    const prior = S.entry.layouts[side];
    if (prior) {
      const cards = prior.layout.split(/\s*\/\s*|\s+/).filter(Boolean);
      if (cards.length === n) C.cells = cards;
    }
    S.count = C;
    drawCount();
    recount();
  }

  function drawCount() {
    const C = S.count;
    const g = S.card.game;
    const r = C.result;
    const grid = el("div", { class: g.cols > 4 ? "layout wide" : "layout" });
    grid.style.gridTemplateColumns = `repeat(${g.cols}, 1fr)`;
    grid.style.maxWidth = `${g.cols > 4 ? 420 : g.cols * 96}px`;
    C.cells.forEach((card, i) => {
      const info = r && r.cards[i];
      const value = info && info.value !== null ? info.value : null;
      const zeroed = info && info.scored !== null && info.scored !== info.value;
      grid.append(el("button", { type: "button", "aria-current": String(i === C.at), "aria-label": `card ${i + 1}${card ? ": " + card : ""}`,
        onclick: () => { C.at = i; drawCount(); } },
        el("span", { class: "rank" }, card || "·"),
        el("span", { class: zeroed ? "val zeroed" : "val" }, value === null ? "" : (zeroed ? `${fmt(value)}→${fmt(info.scored)}` : fmt(value)))));
    });
    const keys = el("div", { class: "keys" },
      g.ranks.map((rank) => el("button", { type: "button", onclick: () => tap(rank) }, rank)),
      el("button", { class: "aux", type: "button", onclick: () => tap("") }, "⌫"));
    const suits = g.suits ? el("div", { class: "keys", style: null },
      [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"]].map(([s, sym]) => el("button", {
        class: s === "D" || s === "H" ? "suit red" : "suit", type: "button", "aria-label": `suit ${s}`,
        onclick: () => suit(s) }, sym)),
      el("button", { class: "aux", type: "button", onclick: () => suit("") }, "no suit")) : null;
    const total = r && r.complete
      ? el("div", { class: "count-total" }, "Total ", el("b", { id: "count-total" }, r.total))
      : el("div", { class: "count-total muted" }, `Tap the ${g.rows * g.cols} cards in, row by row.`);
    openSheet(el("h2", {}, `Count ${C.side}'s cards`),
      el("p", { class: "lead" }, `${g.title}: ${g.rows} rows of ${g.cols}. Tap a card's place, then its rank.`),
      grid, keys, suits ? el("p", { class: "lead small" }, "Suit (for cards that count by suit):") : null, suits,
      total,
      r && r.lines && r.lines.length ? el("div", { class: "count-lines" }, r.lines.map((x) => el("div", {}, x))) : null,
      el("div", { class: "sheet-foot" },
        el("button", { class: "btn primary big", type: "button", id: "use-count", disabled: !(r && r.complete),
          onclick: useCount }, r && r.complete ? `Use ${r.total} for ${C.side}` : "Not all cards in yet"),
        el("button", { class: "btn big", type: "button", onclick: () => drawEntry() }, "Back")));
  }

  const fmt = (v) => (v > 0 ? `+${v}` : String(v));

  function tap(rank) {
    const C = S.count;
    C.cells[C.at] = rank;
    if (rank) {
      let next = C.cells.findIndex((x, i) => i > C.at && !x);
      if (next < 0) next = C.cells.findIndex((x) => !x);
      if (next >= 0) C.at = next;
    }
    recount();
  }

  function suit(s) {
    const C = S.count;
    const card = C.cells[C.at];
    if (!card || card === "JK") return;
    C.cells[C.at] = card.replace(/[CDHS]$/, "") + s;
    recount();
  }

  let counting = 0;
  async function recount() {
    const C = S.count;
    const ticket = ++counting;
    drawCount();
    if (!C.cells.some(Boolean)) { C.result = null; drawCount(); return; }
    const r = await api("POST", `${API}/cards/${encodeURIComponent(S.card.name)}/count`, { cells: C.cells });
    if (ticket !== counting || S.count !== C) return;
    if (!r.ok) { notice(r.data.error); return; }
    C.result = r.data;
    drawCount();
  }

  function useCount() {
    const C = S.count;
    const r = C.result;
    S.entry.layouts[C.side] = { layout: r.layout, total: r.total, lines: r.lines };
    S.entry.values[C.side] = r.layout;
    S.count = null;
    drawEntry();
  }

  /* ---------------------------------------------------------------- the table: players, length, switches */

  async function tableChange(action, fields) {
    let seen = S.card.revision;
    for (;;) {
      const r = await api("POST", `${API}/cards/${encodeURIComponent(S.card.name)}/table`, { revision: seen, action, ...fields });
      if (r.ok) return written(r.data);
      if (r.data.card) showCard(r.data.card);
      if (!r.data.stale) { notice(r.data.error); return; }
      const again = await ask(`${r.data.changes.join("; ") || "The card changed"}. Make your change to the card as it is now?`, "Yes, make it", "No");
      if (!again) return;
      seen = S.card.revision;
    }
  }

  function openTable() {
    const c = S.card;
    const golf = c.kind === "golf";
    const rows = c.players.map((p) => {
      const gone = c.left[p];
      return el("div", { class: "who" },
        el("div", { class: "who-name" }, p, gone ? el("span", { class: "muted small" }, ` left after hole ${gone}`) : null,
          c.dealer === p ? el("span", { class: "dealer" }, "D") : null),
        gone ? null : el("div", { class: "row" },
          el("button", { class: "btn", type: "button", onclick: () => renameSheet(p) }, "Rename"),
          golf && c.dealer && c.dealer !== p ? el("button", { class: "btn", type: "button", onclick: () => { closeSheet(); tableChange("dealer", { player: p }); } }, "Deals next") : null,
          c.partners ? null : el("button", { class: "btn danger", type: "button", onclick: () => leaveSheet(p) }, "Leaves")));
    });
    const join = el("input", { type: "text", maxlength: "24", placeholder: "Name", "aria-label": "a player who joins" });
    const parts = [el("h2", {}, "Players and game"),
      el("p", { class: "lead" }, "Every change here is kept in the log, and undo takes it back."),
      el("div", { class: "entry" }, rows)];
    if (!c.partners && !c.finished) {
      parts.push(el("label", { class: "field" }, "A player joins (their missed holes score each hole's highest)", join),
        el("button", { class: "btn big", type: "button", id: "join-player", onclick: () => {
          if (!join.value.trim()) { notice("give the name of the player who joins"); return; }
          closeSheet(); tableChange("join", { player: join.value.trim() });
        } }, "Add the player"));
    }
    if (c.holes) {
      const longer = c.holes < 18 ? 18 : c.holes + 9;
      parts.push(el("label", { class: "field" }, `Length: ${c.holes} holes`),
        el("button", { class: "btn big", type: "button", id: "extend", onclick: () => { closeSheet(); tableChange("holes", { holes: longer }); } }, `Play on to ${longer} holes`));
    }
    if (c.switches) {
      const sw = { ...c.switches };
      parts.push(el("label", { class: "field" }, "Switches, for the holes to come (holes counted keep their count)"),
        el("label", { class: "switch" }, "Twos count −2", el("input", { type: "checkbox", id: "sw-twos", checked: sw.twos_minus ? true : null, onchange: (e) => { sw.twos_minus = e.target.checked; } })),
        el("label", { class: "switch" }, "Kings count 0", el("input", { type: "checkbox", id: "sw-kings", checked: sw.kings_zero ? true : null, onchange: (e) => { sw.kings_zero = e.target.checked; } })),
        el("button", { class: "btn big", type: "button", id: "switch", onclick: () => {
          const fields = {};
          if (sw.twos_minus !== c.switches.twos_minus) fields.twos_minus = sw.twos_minus;
          if (sw.kings_zero !== c.switches.kings_zero) fields.kings_zero = sw.kings_zero;
          if (!Object.keys(fields).length) { notice("the switches are as they were"); return; }
          closeSheet(); tableChange("switches", fields);
        } }, "Change the switches"));
    }
    if (c.kind === "mini") parts.push(el("p", { class: "lead small" }, "Tap a hole's par on the card to set it as you learn the course."));
    parts.push(el("div", { class: "sheet-foot" }, closeButton()));
    openSheet(...parts);
  }

  function renameSheet(p) {
    const box = el("input", { type: "text", maxlength: "24", value: p, "aria-label": `new name for ${p}` });
    openSheet(el("h2", {}, `Rename ${p}`), el("label", { class: "field" }, "Name", box),
      el("div", { class: "sheet-foot" },
        el("button", { class: "btn primary big", type: "button", id: "rename", onclick: () => { closeSheet(); tableChange("rename", { player: p, to: box.value.trim() }); } }, "Rename"),
        closeButton("Cancel")));
  }

  function leaveSheet(p) {
    openSheet(el("h2", {}, `${p} leaves?`),
      el("p", { class: "lead" }, `${p}'s column stays with the holes played, out of the running from now on.`),
      el("div", { class: "sheet-foot" },
        el("button", { class: "btn primary big", type: "button", id: "leave", onclick: () => { closeSheet(); tableChange("leave", { player: p }); } }, `${p} leaves`),
        closeButton("Cancel")));
  }

  /* ---------------------------------------------------------------- log, join, new, print, season */

  function openLog() {
    const c = S.card;
    openSheet(el("h2", {}, "Changes"),
      el("p", { class: "lead" }, "Every change to this card, newest first. Undo takes back the newest not yet taken back."),
      el("ul", { class: "log", id: "log-list" }, c.log.map((x) => el("li", {},
        el("div", { class: "when" }, `${x.change} · ${x.when}`), el("div", {}, x.text)))),
      el("div", { class: "sheet-foot" }, closeButton()));
  }

  async function openJoin() {
    const r = await api("GET", "/api/access");
    if (!r.ok) { notice(r.data.error); return; }
    const a = r.data;
    const qr = el("div", { class: "qr" });
    if (a.qr) qr.innerHTML = a.qr;
    openSheet(el("h2", {}, "Join this card"),
      el("p", { class: "lead" }, a.lan ? "Phones on this network scan the code (or open the link) to enter scores."
        : "This page listens on this machine only. Start it with golf card serve --lan for the phones at the table."),
      a.qr ? qr : null,
      a.join ? el("p", { class: "link", id: "join-link" }, a.join) : null,
      a.view ? el("p", { class: "lead small" }, `To watch only: ${a.view}`) : null,
      el("div", { class: "sheet-foot" }, closeButton()));
  }
  $("join").addEventListener("click", openJoin);
  $("back").addEventListener("click", () => { location.hash = S.card && S.card.kind === "mini" ? "#mini" : "#golf"; });
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => { location.hash = `#${b.dataset.tab}`; });
  }

  function choice(options, current, onpick) {
    const box = el("div", { class: "choice" });
    const draw = (value) => {
      put(box, ...options.map(([v, label]) => el("button", { type: "button", "aria-pressed": String(v === value),
        onclick: () => { onpick(v); draw(v); } }, label)));
    };
    draw(current);
    return box;
  }

  function today() {
    const d = new Date();
    const pad = (x) => String(x).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }

  function openNew(kind) {
    const F = { kind, name: `${kind === "mini" ? "putt" : "night"}-${today()}`, players: [], variant: "six-card",
      length: kind === "mini" ? "18" : "9", twos_minus: true, kings_zero: true, par: [], title: "" };
    const taken = new Set(S.list.map((c) => c.name));
    for (let i = 2; taken.has(F.name); i++) F.name = `${kind === "mini" ? "putt" : "night"}-${today()}-${i}`;
    const draw = () => {
      const game = S.games.find((g) => g.name === F.variant) || S.games[0];
      const most = kind === "mini" ? 6 : Math.max(...game.players);
      while (F.players.length < most) F.players.push("");
      const names = el("div", { class: "players" }, F.players.slice(0, most).map((p, i) => el("input", {
        type: "text", value: p, placeholder: `Player ${i + 1}`, "aria-label": `Player ${i + 1}`, maxlength: "24",
        oninput: (e) => { F.players[i] = e.target.value; } })));
      const parts = [
        el("h2", {}, kind === "mini" ? "New mini golf card" : "New card"),
        el("label", { class: "field" }, "Card name",
          el("input", { type: "text", value: F.name, maxlength: "48", id: "new-name", oninput: (e) => { F.name = e.target.value; } })),
      ];
      if (kind === "golf") {
        parts.push(el("label", { class: "field" }, "Game",
          el("select", { id: "new-variant", onchange: (e) => { F.variant = e.target.value; const g = S.games.find((x) => x.name === F.variant); F.twos_minus = g.twos_minus; F.kings_zero = g.kings_zero; F.length = g.target ? `to${g.target}` : "9"; draw(); } },
            S.games.map((g) => el("option", { value: g.name, selected: g.name === F.variant ? true : null },
              `${g.name} (${g.rows}×${g.cols})`)))));
      }
      parts.push(el("label", { class: "field" }, `Players (up to ${most})`), names);
      const lengths = kind === "mini" ? [["9", "9 holes"], ["18", "18 holes"]]
        : [["9", "9 holes"], ["18", "18 holes"], ["to50", "To 50"], ["to100", "To 100"]];
      parts.push(el("label", { class: "field" }, "Length"), choice(lengths, F.length, (v) => { F.length = v; if (kind === "mini") draw(); }));
      if (kind === "golf") {
        parts.push(
          el("label", { class: "switch" }, "Twos count −2", el("input", { type: "checkbox", checked: F.twos_minus ? true : null, onchange: (e) => { F.twos_minus = e.target.checked; } })),
          el("label", { class: "switch" }, "Kings count 0", el("input", { type: "checkbox", checked: F.kings_zero ? true : null, onchange: (e) => { F.kings_zero = e.target.checked; } })));
      } else {
        const holes = Number(F.length);
        parts.push(el("label", { class: "field" }, "Par per hole (optional; change it as you learn the course)"),
          el("div", { class: "pars" }, Array.from({ length: holes }, (_, i) => el("label", {}, `${i + 1}`,
            el("input", { type: "text", inputmode: "numeric", value: F.par[i] ?? "", "aria-label": `par of hole ${i + 1}`,
              oninput: (e) => { F.par[i] = e.target.value.trim(); } })))));
      }
      parts.push(el("label", { class: "field" }, "Title (optional)",
        el("input", { type: "text", value: F.title, maxlength: "60", placeholder: "Friday at Ann's", oninput: (e) => { F.title = e.target.value; } })));
      parts.push(el("div", { class: "sheet-foot" },
        el("button", { class: "btn primary big", type: "button", id: "start", onclick: start }, "Start the card"),
        closeButton("Cancel")));
      openSheet(...parts);
    };
    const start = async () => {
      const body = { name: F.name.trim(), kind, players: F.players.map((p) => p.trim()).filter(Boolean), title: F.title.trim() };
      if (F.length.startsWith("to")) body.target = Number(F.length.slice(2));
      else body.holes = Number(F.length);
      if (kind === "golf") {
        body.variant = F.variant;
        body.twos_minus = F.twos_minus;
        body.kings_zero = F.kings_zero;
      } else {
        const pars = F.par.slice(0, body.holes);
        if (pars.some(Boolean)) {
          if (pars.length < body.holes || pars.some((p) => !/^\d{1,2}$/.test(p || ""))) {
            notice("par: give a par (1 to 99) for every hole, or none"); return;
          }
          body.par = pars.map(Number);
        }
      }
      const r = await api("POST", `${API}/cards`, body);
      if (!r.ok) { notice(r.data.error); return; }
      closeSheet();
      notice(r.data.said, true);
      location.hash = `#card=${encodeURIComponent(body.name)}`;
    };
    draw();
  }

  function openBlank(kind) {
    const F = { variant: "six-card", holes: kind === "mini" ? "18" : "9", players: "6", twos_minus: true, kings_zero: true, par: "" };
    const link = el("a", { class: "btn primary big", id: "blank-pdf", download: kind === "mini" ? "minigolf.pdf" : "scorecard.pdf" }, "Download the PDF");
    const update = () => {
      const q = new URLSearchParams({ kind, holes: F.holes, players: F.players });
      if (kind === "golf") { q.set("variant", F.variant); q.set("twos_minus", F.twos_minus); q.set("kings_zero", F.kings_zero); }
      else if (F.par.trim()) q.set("par", F.par.trim());
      link.href = `${API}/blank.pdf?${q}`;
    };
    const parts = [el("h2", {}, kind === "mini" ? "Blank mini golf card" : "Blank scorecard"),
      el("p", { class: "lead" }, "A card to print and fill in by hand, with the card values underneath.")];
    if (kind === "golf") {
      parts.push(el("label", { class: "field" }, "Game", el("select", { onchange: (e) => { F.variant = e.target.value; update(); } },
        S.games.map((g) => el("option", { value: g.name }, g.name)))));
    }
    parts.push(el("label", { class: "field" }, "Holes"), choice([["9", "9"], ["18", "18"]], F.holes, (v) => { F.holes = v; update(); }),
      el("label", { class: "field" }, "Player columns"), choice([["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"]], F.players, (v) => { F.players = v; update(); }));
    if (kind === "golf") {
      parts.push(el("label", { class: "switch" }, "Twos count −2", el("input", { type: "checkbox", checked: true, onchange: (e) => { F.twos_minus = e.target.checked; update(); } })),
        el("label", { class: "switch" }, "Kings count 0", el("input", { type: "checkbox", checked: true, onchange: (e) => { F.kings_zero = e.target.checked; update(); } })));
    } else {
      parts.push(el("label", { class: "field" }, "Par per hole (optional, e.g. 3,2,4,...)",
        el("input", { type: "text", inputmode: "numeric", oninput: (e) => { F.par = e.target.value; update(); } })));
    }
    update();
    parts.push(el("div", { class: "sheet-foot" }, link, closeButton()));
    openSheet(...parts);
  }

  async function renderSeason(main) {
    put(main, el("h2", {}, "Season"), el("p", { class: "pad muted" }, "Counting…"));
    const r = await api("GET", `${API}/stats`);
    if (S.view !== "season") return;
    if (!r.ok) { put(main, el("p", { class: "pad" }, r.data.error)); return; }
    const s = r.data;
    const parts = [el("h2", {}, "Season")];
    if (!s.groups.length) parts.push(el("p", { class: "pad muted" }, "No holes played on any card yet."));
    for (const g of s.groups) {
      parts.push(el("h2", {}, `${g.game}, ${g.player_count} players`),
        el("p", { class: "pad muted small" }, `${g.cards.length} card${g.cards.length === 1 ? "" : "s"}: ${g.cards.join(", ")}`));
      for (const [rows, label] of [[g.players, "player"], [g.teams, "team"]]) {
        if (!rows.length) continue;
        parts.push(el("div", { class: "stats-wrap" }, el("table", { class: "stats" },
          el("thead", {}, el("tr", {}, [label, "games", "wins", "holes", "per hole", "best"].map((h) => el("th", {}, h)))),
          el("tbody", {}, rows.map((p) => el("tr", {},
            el("td", {}, p.name), el("td", {}, p.games), el("td", {}, Number(p.wins.toFixed(2))),
            el("td", {}, p.holes), el("td", {}, p.mean_per_hole === null ? "–" : p.mean_per_hole.toFixed(2)),
            el("td", {}, p.best_hole ? p.best_hole.score : "–")))))));
        parts.push(el("p", { class: "pad muted small" }, g.kind === "mini" ? "Per hole: strokes; best: the fewest on one hole." : "Per hole: the mean score; best: the lowest on one hole."));
      }
    }
    if (s.left_out.length) parts.push(el("p", { class: "pad muted small" }, `Left out: ${s.left_out.join("; ")}.`));
    parts.push(el("p", { class: "pad muted small" }, "Cards are compared within one game and player count. A shared win counts 1/k to each of the k winners."));
    put(main, ...parts);
  }

  /* ---------------------------------------------------------------- start */

  async function start() {
    Golf.takeKey();
    const [access, cards] = await Promise.all([api("GET", "/api/access"), api("GET", `${API}/cards`)]);
    S.edit = access.ok && access.data.edit;
    S.lan = access.ok && access.data.lan;
    $("readonly").hidden = S.edit;
    $("join").hidden = !S.edit;
    if (cards.ok) { S.list = cards.data.cards; S.games = cards.data.games; }
    else notice(cards.data.error);
    route();
  }
  start();
})();
