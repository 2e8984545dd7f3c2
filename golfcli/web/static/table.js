// The game table's page: a thin client of golf's table (docs/play.md).
// The server holds the only truth: this page shows the messages its seat is
// sent (its own censored view, the legal moves, what happened) and sends back
// the move tapped.  No card reaches it that its seat may not see.
"use strict";

// The edit key, requests and the live stream are every golf page's (live.js).
Golf.takeKey();
const TABLE = new URLSearchParams(location.search).get("t");
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

let offer = null;      // what the open form offers (variants, bots)
let events = null;     // the live stream of this page's seat
let msg = null;        // the latest message of the table
let said = [];         // what happened this hole, in words
let version = 0;       // the latest version seen
let shot = null;       // a shot's first card, while its target is chosen
let choosing = null;   // a card with several moves, while one is chosen
let joinLink = null;   // the table's join link and QR code (the host's page)

// ------------------------------------------------------------------ plumbing

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function seatStore() {
  return JSON.parse(localStorage.getItem("golf-table-" + TABLE) || "{}");
}

function keepSeat(fields) {
  localStorage.setItem("golf-table-" + TABLE, JSON.stringify({ ...seatStore(), ...fields }));
}

async function api(path, body) {
  const got = await Golf.api(body === undefined ? "GET" : "POST", "/table/api/" + path, body);
  if (!got.ok) throw new Error(got.data.error || `the server answered ${got.status}`);
  return got.data;
}

async function send(message) {
  const mine = seatStore();
  const body = { ...message };
  if (mine.token) body.token = mine.token;
  if (mine.host) body.host = mine.host;
  try {
    return await api(TABLE, body);
  } catch (err) {
    toast(err.message);
    return null;
  }
}

let toastTimer = null;
function toast(text) {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

function cardText(code) {
  if (code === "JK") return "JK";
  const suit = code.slice(-1);
  return code.slice(0, -1) + (SUITS[suit] || suit);
}

function card(code, size, extra) {
  const c = el("span", "card " + size + (extra ? " " + extra : ""));
  if (code === null || code === undefined) {
    c.classList.add("back");
    return c;
  }
  const suit = code.slice(-1);
  if (suit === "H" || suit === "D") c.classList.add("red");
  if (code === "JK") c.classList.add("joker");
  c.textContent = cardText(code);
  return c;
}

// ------------------------------------------------------------------ start

function start() {
  if (!TABLE) {
    openForm();
    return;
  }
  listen();
}

function listen() {
  if (events) events.close();
  if (seatStore().host && !offer) api("offer").then((o) => { offer = o; if (msg) render(); }).catch(() => {});
  const mine = seatStore();
  const query = new URLSearchParams();
  if (mine.token) query.set("token", mine.token);
  if (version) query.set("since", String(version));
  events = Golf.live(`/table/api/${TABLE}/events?${query}`, { table: receive }, (state) => {
    document.getElementById("where").textContent =
      state === "live" ? "" : state === "offline" ? "offline" : "connecting…";
  });
}

function receive(m) {
  if (m.sync) {
    said = [...m.said];
  } else if (m.v <= version && msg && m.seat === msg.seat) {
    return;  // seen already (a reconnect sent it again)
  } else {
    if (msg && m.hole !== msg.hole) said = [];
    said.push(...m.said);
  }
  version = m.v;
  if (!msg || m.decision !== msg.decision) { shot = null; choosing = null; }
  msg = m;
  document.getElementById("where").textContent = "";
  render();
}

// ------------------------------------------------------------------ opening a table

async function openForm() {
  const app = document.getElementById("app");
  app.replaceChildren(el("p", "quiet", "Loading…"));
  document.getElementById("title").textContent = "Open a table";
  try {
    offer = await api("offer");
  } catch (err) {
    app.replaceChildren(el("p", "error", err.message));
    return;
  }
  const form = el("form", "open");
  form.id = "open-form";
  const variant = el("select");
  variant.name = "variant";
  for (const v of offer.variants) {
    const o = el("option", null, v.id === v.name ? v.name : `${v.name} (${v.id})`);
    o.value = v.id;
    variant.append(o);
  }
  const about = el("p", "quiet");
  const count = el("select");
  count.name = "players";
  const seats = el("div", "seats");
  const holes = el("input");
  Object.assign(holes, { type: "number", min: 1, max: 1000, name: "holes", placeholder: "the variant's" });
  const away = el("input");
  Object.assign(away, { type: "number", min: 5, max: 3600, value: 60, name: "away" });
  const delay = el("input");
  Object.assign(delay, { type: "number", min: 0, max: 10, step: 0.1, value: 0.8, name: "bot_delay" });
  const hints = el("input");
  Object.assign(hints, { type: "checkbox", checked: true, name: "hints" });

  function chosen() { return offer.variants.find((v) => v.id === variant.value); }
  function fillCounts() {
    const v = chosen();
    about.textContent = v.description;
    const keep = Number(count.value) || 0;
    count.replaceChildren(...v.players.filter((n) => n <= 8).map((n) => {
      const o = el("option", null, `${n} players` + (v.partners.includes(n) ? " (partners)" : ""));
      o.value = String(n);
      return o;
    }));
    if (v.players.includes(keep)) count.value = String(keep);
    fillSeats();
  }
  function fillSeats() {
    const n = Number(count.value);
    const old = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren();
    for (let i = 0; i < n; i++) {
      const s = el("select");
      s.name = "seat" + i;
      const person = el("option", null, "a person");
      person.value = "human";
      s.append(person);
      for (const b of offer.bots) {
        const o = el("option", null, "bot: " + b.name);
        o.value = b.name;
        s.append(o);
      }
      s.value = old[i] || (i === 0 ? "human" : i === 1 ? "human" : "expert");
      const row = el("label", "seat-row", `Seat ${i + 1} `);
      row.append(s);
      seats.append(row);
    }
  }
  variant.addEventListener("change", fillCounts);
  count.addEventListener("change", fillSeats);
  fillCounts();

  function field(label, input) {
    const l = el("label", "field", label + " ");
    l.append(input);
    return l;
  }
  const go = el("button", "primary", "Open the table");
  go.type = "submit";
  form.append(
    field("Game", variant), about, field("Players", count), seats,
    field("Holes", holes), field("Seconds a player may be away", away),
    field("Pause before a bot moves (s)", delay), field("Hints allowed", hints), go,
  );
  if (offer.problems.length) {
    const p = el("details", "quiet");
    p.append(el("summary", null, "Variant files not offered"));
    for (const line of offer.problems) p.append(el("p", null, line));
    form.append(p);
  }
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const setup = {
      variant: variant.value,
      seats: [...seats.querySelectorAll("select")].map((s) =>
        s.value === "human" ? { player: "human" } : { player: "bot", bot: s.value }),
      away: Number(away.value),
      bot_delay: Number(delay.value),
      hints: hints.checked,
    };
    if (holes.value) setup.holes = Number(holes.value);
    try {
      const made = await api("open", setup);
      localStorage.setItem("golf-table-" + made.table, JSON.stringify({ host: made.host }));
      location.href = `/table/?t=${encodeURIComponent(made.table)}`;
    } catch (err) {
      toast(err.message);
    }
  });
  const list = el("section", "tables");
  app.replaceChildren(form, list);
  try {
    const open = await api("tables");
    if (open.tables.length) list.append(el("h2", null, "Tables here"));
    for (const t of open.tables) {
      const a = el("a", "table-link", `${t.variant}: ${t.seats.map((s) => s.name || "empty").join(", ")} (${t.status})`);
      a.href = `/table/?t=${encodeURIComponent(t.id)}`;
      list.append(a);
    }
  } catch (err) { /* the list is a convenience */ }
}

// ------------------------------------------------------------------ the table

function meName() {
  return msg.seat === null || msg.seat === undefined ? null : msg.seats[msg.seat].name;
}

function render() {
  const app = document.getElementById("app");
  const m = msg;
  document.getElementById("title").textContent =
    m.variant.name + (m.hole ? ` · hole ${m.hole}` + (m.holes ? ` of ${m.holes}` : "") : "");
  const parts = [];
  if (m.error) parts.push(el("p", "error", m.error));
  const done = m.status === "between" || m.status === "over" || m.status === "closed";
  if (done) parts.push(...summary(m));  // first: what a player looks for when a hole ends
  if (m.status === "lobby") parts.push(...lobby(m));
  else if (m.view) parts.push(...board(m));
  else if (!done) parts.push(...watching(m));
  if (seatStore().host && m.status !== "over" && m.status !== "closed") parts.push(hostBar(m));
  app.replaceChildren(...parts);
}

function lobby(m) {
  const out = [];
  const mine = seatStore();
  out.push(el("p", "quiet", m.variant.description));
  const list = el("ul", "lobby");
  const name = el("input", "name");
  Object.assign(name, { placeholder: "your name", maxLength: 24, value: mine.name || "" });
  for (const s of m.seats) {
    const li = el("li");
    if (s.player === "bot") {
      li.append(el("span", null, `Seat ${s.seat + 1}: ${s.name} (bot)`));
    } else if (s.name) {
      li.append(el("span", null, `Seat ${s.seat + 1}: ${s.name}` + (s.seat === m.seat ? " (you)" : "")));
    } else {
      li.append(el("span", null, `Seat ${s.seat + 1}: empty`));
      if (m.seat === null || m.seat === undefined) {
        const sit = el("button", "primary", "Sit here");
        sit.addEventListener("click", async () => {
          const reply = await send({ type: "take", seat: s.seat, name: name.value });
          if (reply) {
            keepSeat({ token: reply.token, name: name.value });
            version = 0;
            msg = null;
            listen();
          }
        });
        li.append(sit);
      }
      if (mine.host) li.append(giveToBot(s.seat));
    }
    list.append(li);
  }
  if (m.seat === null || m.seat === undefined) out.push(name);
  out.push(list);
  if (m.seat !== null && m.seat !== undefined && !mine.host) {
    out.push(el("p", "quiet", "Waiting for the host to start the game."));
  }
  return out;
}

function giveToBot(seat) {
  const span = el("span", "give");
  const s = el("select");
  for (const b of (offer ? offer.bots : [{ name: "greedy" }, { name: "expert" }])) {
    const o = el("option", null, b.name);
    o.value = b.name;
    s.append(o);
  }
  s.value = "expert";
  const b = el("button", null, "Give to bot");
  b.addEventListener("click", () => send({ type: "bot", seat, bot: s.value }));
  span.append(s, b);
  return span;
}

function hostBar(m) {
  const bar = el("section", "host");
  if (m.status === "lobby") {
    const go = el("button", "primary", "Start the game");
    go.disabled = m.seats.some((s) => !s.name);
    go.addEventListener("click", () => send({ type: "start" }));
    bar.append(go);
    const join = el("div", "join");
    bar.append(join);
    const show = (j) => {
      if (!j.link) return;
      const img = el("img", "qr");
      img.alt = "QR code of the join link";
      img.src = "data:image/svg+xml;base64," + btoa(j.qr);
      const a = el("a", "link", j.link);
      a.href = j.link;
      join.replaceChildren(el("p", null, "Friends join with this link or code:"), img, a);
    };
    if (joinLink) show(joinLink);
    else api(`${TABLE}/join`).then((j) => { joinLink = j; show(j); }).catch(() => {});
  } else {
    const close = el("button", "quiet-button", "Close the table");
    close.addEventListener("click", () => {
      if (confirm("Close the table? The game stops; the holes played are kept.")) send({ type: "close" });
    });
    bar.append(close);
  }
  return bar;
}

function watching(m) {
  const out = [el("p", "quiet", "You are watching: take a seat before the game starts to play.")];
  out.push(el("p", null, m.seats.map((s) => s.name || "empty").join(", ")));
  return out;
}

function board(m) {
  const v = m.view;
  const out = [];
  const mySide = v.side;
  const turn = m.seats[v.current];
  const mine = v.current === m.seat;
  const legal = m.legal || [];
  const others = el("section", "others");
  for (let side = 0; side < v.layouts.length; side++) {
    if (side === mySide) continue;
    others.append(layoutBlock(m, side, "mini"));
  }
  out.push(others);

  const middle = el("section", "middle");
  const stock = el("button", "pile stock");
  stock.append(card(null, "mid"), el("span", "count", `${v.stock_size}`));
  stock.disabled = !legal.some((a) => a.kind === "draw_stock");
  stock.addEventListener("click", () => act(legal.find((a) => a.kind === "draw_stock")));
  stock.setAttribute("aria-label", "draw from the stock");
  const pile = el("button", "pile discard");
  const top = v.discard.length ? v.discard[v.discard.length - 1] : null;
  pile.append(top ? card(top, "mid") : el("span", "card mid empty", "–"));
  pile.disabled = !legal.some((a) => a.kind === "draw_discard");
  pile.addEventListener("click", () => act(legal.find((a) => a.kind === "draw_discard")));
  pile.setAttribute("aria-label", "take the discard");
  middle.append(stock, pile);
  const held = el("div", "held");
  if (v.drawn_from) {
    const who = mine ? "You hold" : `${turn.name} holds`;
    held.append(el("span", null, who), v.drawn ? card(v.drawn, "mid") : card(null, "mid"));
  }
  middle.append(held);
  out.push(middle);

  if (m.status === "playing") {
    const status = el("p", "status" + (mine && legal.length ? " yours" : ""));
    status.textContent = mine && legal.length ? prompt(v, legal) : `${turn.name} to play`;
    if (v.final_turn) status.textContent += " · final turns";
    out.push(status);
  }
  out.push(layoutBlock(m, mySide, "big", legal));

  const actions = el("section", "actions");
  for (const a of legal) {
    if (a.pos !== undefined) continue;
    if (a.kind === "draw_stock" || a.kind === "draw_discard") continue;  // the piles
    const b = el("button", "primary", a.label);
    b.addEventListener("click", () => act(a));
    actions.append(b);
  }
  if (choosing !== null) {
    for (const a of legal.filter((x) => x.pos === choosing && x.pos2 === undefined)) {
      const b = el("button", "primary", a.label);
      b.addEventListener("click", () => act(a));
      actions.append(b);
    }
  }
  if (shot !== null || choosing !== null) {
    const c = el("button", null, "Cancel");
    c.addEventListener("click", () => { shot = null; choosing = null; render(); });
    actions.append(c);
  }
  out.push(actions);
  if (m.hint) out.push(el("p", "hint", m.hint));
  if (m.hints_allowed && m.seat !== null && m.status === "playing") {
    const l = el("label", "switch");
    const box = el("input");
    box.type = "checkbox";
    box.checked = m.hints;
    box.addEventListener("change", () => send({ type: "hints", on: box.checked }));
    l.append(box, document.createTextNode(" Hints"));
    out.push(l);
  }
  const log = el("ol", "said");
  for (const line of said.slice(-6).reverse()) log.append(el("li", null, line));  // newest first
  out.push(log);
  return out;
}

function prompt(v, legal) {
  const kinds = new Set(legal.map((a) => a.kind));
  if (shot !== null) return `Swap ${shot + 1} with which card?`;
  if (kinds.has("reveal")) return "Your turn: turn up a card to start.";
  if (kinds.has("peek")) return "Your turn: peek at a card (only you see it).";
  if (v.phase === "place") return `Put the ${cardText(v.drawn)} in your layout` + (kinds.has("discard") ? ", or discard it." : ".");
  if (v.phase === "flip") return "Turn up a face-down card" + (kinds.has("pass") ? ", or pass." : ".");
  return "Your turn: draw from the stock or take the discard.";
}

function layoutBlock(m, side, size, legal) {
  const v = m.view;
  const block = el("section", "layout " + size);
  const seats = m.seats.filter((s) => s.side === side);
  const acting = m.seats[v.current].side === side && m.status === "playing";
  const title = el("h3", acting ? "acting" : null);
  title.textContent = m.sides[side] + (side === v.side ? " (you)" : "");
  for (const s of seats) {
    if (s.standin) title.append(el("span", "badge", `${s.name} away: a bot plays`));
    else if (s.player === "human" && !s.present) title.append(el("span", "badge dim", `${s.name} not here`));
  }
  block.append(title);
  const grid = el("div", "grid");
  grid.style.setProperty("--cols", String(v.cols));
  const cw = size === "big" ? bigWidth(v.rows, v.cols) : miniWidth(v.rows, v.cols, v.layouts.length - 1);
  grid.style.setProperty("--cw", cw + "px");
  const cells = v.layouts[side];
  const memory = side === v.side ? v.memory : {};
  for (let p = 0; p < cells.length; p++) {
    let code = cells[p];
    let extra = "";
    if (code === null && memory[String(p)]) {
      code = memory[String(p)];
      extra = "seen";
    }
    const c = card(code, size, extra);
    if (legal) {
      const here = legal.filter((a) => a.pos === p);
      const target = shot !== null && legal.some((a) => a.pos === shot && a.pos2 === p);
      if (here.length || target) {
        c.classList.add("tap");
        if (target || (choosing === p) || (shot === p)) c.classList.add("chosen");
        c.tabIndex = 0;
        c.setAttribute("role", "button");
        c.setAttribute("aria-label", `card ${p + 1}`);
        c.addEventListener("click", () => tapped(p, legal));
      }
    }
    c.dataset.pos = String(p);
    const n = el("span", "pos", p + 1);
    c.append(n);
    grid.append(c);
  }
  block.append(grid);
  return block;
}

function bigWidth(rows, cols) {
  const width = Math.min(window.innerWidth, 480) - 24;
  return Math.max(34, Math.min(70, Math.floor(width / cols) - 6, Math.floor(230 / rows / 1.4)));
}

function miniWidth(rows, cols, sides) {
  // the other layouts share about 240 px of the screen's height, three to a row
  const width = Math.min(window.innerWidth, 480) - 24;
  const perRow = Math.max(1, Math.min(sides, 3));
  const across = Math.floor((width / perRow - 10) / cols) - 3;
  const blockRows = Math.ceil(sides / perRow);
  const down = Math.floor((240 / blockRows - 22) / rows / 1.4);
  return Math.max(14, Math.min(34, across, down));
}

function tapped(p, legal) {
  if (shot !== null) {
    const a = legal.find((x) => x.pos === shot && x.pos2 === p);
    if (a) { act(a); return; }
    shot = null;
  }
  const single = legal.filter((a) => a.pos === p && a.pos2 === undefined);
  const shots = legal.filter((a) => a.pos === p && a.pos2 !== undefined);
  if (single.length === 1 && !shots.length) { act(single[0]); return; }
  if (shots.length && !single.length) { shot = p; choosing = null; render(); return; }
  choosing = p;
  if (shots.length) shot = p;
  render();
}

async function act(a) {
  if (!a || !msg || msg.decision === null) return;
  const action = { kind: a.kind };
  if (a.pos !== undefined) action.pos = a.pos;
  if (a.pos2 !== undefined) action.pos2 = a.pos2;
  shot = null;
  choosing = null;
  await send({ type: "act", decision: msg.decision, action });
}

function summary(m) {
  const out = [];
  if (m.result) {
    const r = el("section", "result");
    r.append(el("h2", null, m.result.text), scorecard(m));
    const dl = el("a", "link", "Download the game's record (golf replay reads it)");
    dl.href = `/table/api/${TABLE}/record`;
    r.append(dl);
    if (m.result.card) r.append(el("p", "quiet", `The card is kept as ${m.result.card} (golf card show).`));
    r.append(el("p", "quiet key", `The cards came from the key ${m.result.key}.`));
    out.push(r);
  }
  if (m.last_hole) {
    const box = el("section", "hole-over");
    box.append(el("h2", null, `Hole ${m.last_hole.hole}`));
    for (const s of m.last_hole.sides) {
      const row = el("p", null, `${s.name}: ${s.score}`);
      for (const n of s.notes) row.append(el("span", "note", n));
      box.append(row);
    }
    out.push(box);
  }
  if (m.status === "between" && m.seat !== null && m.seat !== undefined) {
    const me = m.seats[m.seat];
    const next = el("button", "primary wide", me.ready ? "Waiting for the others…" : "Next hole");
    next.disabled = me.ready;
    next.addEventListener("click", () => send({ type: "next" }));
    out.push(next);
  }
  if (!m.result) out.push(scorecard(m));
  if (m.status === "closed" && !m.result) out.push(el("p", "error", "The table was closed."));
  return out;
}

function scorecard(m) {
  const t = el("table", "scorecard");
  const head = el("tr");
  head.append(el("th", null, "hole"));
  for (const s of m.sides) head.append(el("th", null, s));
  t.append(head);
  for (const h of m.scorecard) {
    const tr = el("tr");
    tr.append(el("td", null, h.playoff ? `P${h.hole}` : h.hole));
    for (const x of h.scores) tr.append(el("td", null, x));
    t.append(tr);
  }
  const tot = el("tr", "total");
  tot.append(el("td", null, "total"));
  for (const x of m.totals) tot.append(el("td", null, x));
  t.append(tot);
  return t;
}

window.addEventListener("resize", () => { if (msg) render(); });
start();
