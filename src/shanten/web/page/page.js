// The page: every change of the form fetches the result area (/api/html) and writes the position
// into the URL; a discard then one of its tiles plays that move. Without script the form still works.
"use strict";

const form = document.getElementById("query");
const hand = form.elements.q;
const error = document.getElementById("error");
const result = document.getElementById("result");
const MELDS = /[\[({][^\])}]*[\])}]/g;
let pending = null;

function query() {
  const params = new URLSearchParams();
  for (const name of ["q", "melds", "dead", "dora"]) {
    const value = form.elements[name].value.trim();
    if (value) params.set(name, value);
  }
  if (form.elements.rule.value !== "tenhou") params.set("rule", form.elements.rule.value);
  if (form.elements.players.checked) params.set("players", "3");
  if (form.elements.ev.checked) params.set("ev", "1");
  const draws = form.elements.draws.value.trim();
  if (draws && draws !== "17") params.set("draws", draws);
  if (form.elements.pool.value !== "auto") params.set("pool", form.elements.pool.value);
  for (const name of ["round", "seat"]) if (form.elements[name].value !== "E") params.set(name, form.elements[name].value);
  return params;
}

function fill(params) {
  for (const name of ["q", "melds", "dead", "dora"]) form.elements[name].value = params.get(name) || "";
  form.elements.rule.value = params.get("rule") === "wrc" ? "wrc" : "tenhou";
  form.elements.players.checked = params.get("players") === "3";
  form.elements.ev.checked = params.get("ev") === "1";
  form.elements.draws.value = params.get("draws") || "17";
  form.elements.pool.value = ["same", "exact"].includes(params.get("pool")) ? params.get("pool") : "auto";
  for (const name of ["round", "seat"]) form.elements[name].value = /^[ESWN]$/.test(params.get(name)) ? params.get(name) : "E";
}

function refuse(message) {
  error.textContent = message;
  hand.setAttribute("aria-invalid", "true");
  result.classList.add("stale");
}

// Show the position the form holds; `push` makes it a step of the browser history, else it replaces the step.
async function show(push) {
  const params = query();
  const url = params.toString() ? "/?" + params : "/";
  if (url !== location.pathname + location.search) history[push ? "pushState" : "replaceState"](null, "", url);
  if (pending) pending.abort();
  if (!params.has("q")) {
    error.textContent = "";
    hand.removeAttribute("aria-invalid");
    result.replaceChildren();
    return;
  }
  pending = new AbortController();
  try {
    const response = await fetch("/api/html?" + params, {signal: pending.signal});
    if (!response.ok) return refuse((await response.json()).error);
    result.innerHTML = await response.text();
    result.classList.remove("stale");
    error.textContent = "";
    hand.removeAttribute("aria-invalid");
  } catch (problem) {
    if (problem.name !== "AbortError") refuse("the server did not answer: " + problem.message);
  }
}

// Add a tile as notation does: its digit joins a group of its suit that ends the hand, else starts one.
function add(tile) {
  const [digit, suit] = tile;
  const text = hand.value.trimEnd();
  hand.value = text.endsWith(suit) ? text.slice(0, -1) + digit + suit : text + digit + suit;
}

function removeLast() {
  const text = hand.value.trimEnd();
  const group = text.match(/(\d*)(\d)([mpsz])$/);
  hand.value = group ? text.slice(0, group.index) + (group[1] ? group[1] + group[3] : "") : text.slice(0, -1);
}

document.getElementById("palette").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.tile) add(button.dataset.tile);
  else if (button.dataset.key === "back") removeLast();
  else hand.value = "";
  show(false);
});

result.addEventListener("click", (event) => {
  const discard = event.target.closest(".shanten-discard");
  if (discard) {
    const row = discard.closest("tr");
    for (const other of result.querySelectorAll("tr.selected")) if (other !== row) other.classList.remove("selected");
    row.classList.toggle("selected");
    return;
  }
  const draw = event.target.closest(".shanten-draw");
  if (!draw) return;
  const melds = (hand.value.match(MELDS) || []).join(" ");  // melds written in the hand stay there
  hand.value = draw.dataset.next + (melds ? " " + melds : "");
  const left = parseInt(form.elements.draws.value, 10);  // the expected values' draws: one is played
  if (form.elements.ev.checked && left > 0) form.elements.draws.value = String(left - 1);
  show(true);
});

form.addEventListener("input", () => show(false));
form.addEventListener("submit", (event) => {
  event.preventDefault();
  show(true);
});
window.addEventListener("popstate", () => {
  fill(new URLSearchParams(location.search));
  show(false);
});
