/* What every golf page shares: the edit key, requests, the live stream.
 *
 * The key comes in the join link (?key=...). It is kept in this browser's
 * storage for this server and taken out of the address bar, so a screenshot
 * or a shared link of the page does not give it away. Every write sends it
 * in the X-Golf-Key header; without it the server answers 403 and the page
 * reads only.
 *
 * The live stream is an EventSource: the browser reconnects it by itself
 * and sends the last version it saw (Last-Event-ID), and the server sends
 * what was missed. A phone whose screen slept may find it closed; when the
 * page is shown again it is opened again at once.
 */
"use strict";

const Golf = (() => {
  const KEY = "golf-key";

  function takeKey() {
    const url = new URL(location.href);
    const given = url.searchParams.get("key");
    if (given) {
      try { localStorage.setItem(KEY, given); } catch (e) { /* private mode: kept below */ }
      Golf.memoryKey = given;
      url.searchParams.delete("key");
      history.replaceState(null, "", url.pathname + url.search + url.hash);
    }
  }

  function key() {
    try { return localStorage.getItem(KEY) || Golf.memoryKey || ""; } catch (e) { return Golf.memoryKey || ""; }
  }

  /* A request; resolves to {ok, status, data}. A network failure is status 0
     with one line, so every caller shows every failure the same way. */
  async function api(method, url, body) {
    const headers = { "X-Golf-Key": key() };
    const init = { method, headers, cache: "no-store" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, init);
    } catch (e) {
      return { ok: false, status: 0, data: { error: "no connection to the server; try again" } };
    }
    let data;
    try { data = await response.json(); } catch (e) { data = { error: `the server answered ${response.status}` }; }
    return { ok: response.ok, status: response.status, data };
  }

  /* One live stream: handlers by event name, and onState("connecting" |
     "live" | "offline"). Returns {close()}. */
  function live(url, handlers, onState) {
    let source = null;
    let closed = false;
    function open() {
      if (closed) return;
      if (source) source.close();
      source = new EventSource(url);
      onState("connecting");
      source.onopen = () => onState("live");
      source.onerror = () => onState(source.readyState === EventSource.CLOSED ? "offline" : "connecting");
      for (const [name, handle] of Object.entries(handlers)) {
        source.addEventListener(name, (event) => {
          onState("live");
          let data;
          try { data = JSON.parse(event.data); } catch (e) { return; }
          handle(data);
        });
      }
    }
    function wake() {
      if (document.visibilityState === "visible" && source && source.readyState === EventSource.CLOSED) open();
    }
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", () => { if (!closed) open(); });
    open();
    return {
      close() {
        closed = true;
        document.removeEventListener("visibilitychange", wake);
        if (source) source.close();
      },
    };
  }

  /* An element: el("div", {class: "x", onclick: f}, child, "text", ...). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  return { takeKey, key, api, live, el, memoryKey: "" };
})();
