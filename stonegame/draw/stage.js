// The stage: one control bar (first · back · play/pause · next · last, speed, "Step n of N", a scrubber,
// "Link to this step"), the caption (title, formula, sentence, mirrored into an aria-live region), the
// picture (a Vega view of the arrays and the bars) and the code listing, side by side when the stage is
// wide. The state machine lives in the picture's Vega handlers (stonegame/draw/player.py): this file only
// sends window `player` events and listens to the view's frame / playing / speed signals.
//
// Host-agnostic: mountStage(root, data, host) runs in the app's Streamlit component (host.onLink ->
// setTriggerValue) and in the exported HTML file (host.onLink -> write the app's link). The data is
// stonegame/fill/stage.py's stage_data(). Everything above the "Streamlit entry" line is what the
// exported file inlines.

const NAV = ["first", "back", "play", "next", "last"];
const SKIP_EVENT = "stage-skip";  // sent by the skip link (ui/frame.py SKIP_JS)
// A class (ui/parts/classroom.js): a student's stage (data.follow) goes where "class-follow" {step, speed}
// says, says "stage-ready" once drawn and "stage-own" when its student moves it; a teacher's stage
// (data.lead) says "stage-moved" {step, playing, speed} whenever it moves; "class-row" {data} replaces a
// following stage's row (the Streamlit entry below).
const FOLLOW = "class-follow", READY = "stage-ready", OWN = "stage-own", MOVED = "stage-moved", ROW = "class-row";
const PLAYER_KEYS = ["ArrowRight", "ArrowLeft", "PageDown", "PageUp", "Home", "End", " "];  // player.py KEY_FILTER
// Keys a focused control uses itself, which must not also reach the player's window key handlers.
const NATIVE = {
  BUTTON: [" ", "Enter"],
  INPUT: ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"],
};

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// A button's label as its symbol and its word ("|◀" "first"), so a narrow stage can show the symbols only.
function labelled(button, text) {
  button.replaceChildren();
  for (const part of text.split(/(\s+)/)) {
    if (!part) continue;
    if (!part.trim()) { button.append(" "); continue; }  // the space stays text: the name reads "▶ play"
    const sym = /^[|◀▶❚⏸]+$/u.test(part);
    button.append(el("span", {class: sym ? "sym" : "word"}, part));
  }
}

function controls(data) {
  const w = data.words;
  const bar = el("div", {class: "bar", role: "toolbar", "aria-label": w.toolbar});
  const buttons = {};
  for (const a of NAV) {
    buttons[a] = el("button", {type: "button", class: "nav nav-" + a, "data-action": a, "aria-label": w["aria_" + a]});
    labelled(buttons[a], w["nav_" + a]);
    bar.append(buttons[a]);
  }
  const speeds = el("select", {class: "speeds", "aria-label": w.speed});
  for (const [label, ticks] of data.speeds) speeds.append(el("option", {value: ticks}, label));
  const status = el("span", {class: "status", "aria-hidden": "true"});
  const scrub = el("input", {type: "range", class: "scrub", min: 0, max: data.last, step: 1, value: data.start, "aria-label": w.scrubber});
  bar.append(speeds, status, scrub);
  const link = el("button", {type: "button", class: "link"}, w.link);
  return {bar, buttons, speeds, status, scrub, link};
}

function listing(data) {
  const code = el("div", {class: "code", tabindex: "0", role: "region", "aria-label": data.words.code});
  const list = el("ol", {class: "listing"});
  const width = String(data.lines.length).length;
  data.lines.forEach((line, k) => {
    const li = el("li", {"data-line": k + 1});
    li.append(el("span", {class: "n", "aria-hidden": "true"}, String(k + 1).padStart(width)), el("code", {}, line));
    list.append(li);
  });
  code.append(list);
  return {code, list};
}

function skeleton(root, data) {
  const stage = el("div", {class: "stage" + (data.present ? " present" : ""), lang: data.lang, "data-testid": "stage"});
  const parts = controls(data);
  const caption = el("div", {class: "caption"});
  const heading = el("div", {class: "heading"});
  const title = el("div", {class: "title"});
  heading.append(title);
  if (data.linkable) heading.append(parts.link);
  const formula = el("pre", {class: "formula"});
  const sentence = el("p", {class: "sentence"});
  caption.append(heading, formula, sentence);
  const live = el("div", {class: "sr-only", "aria-live": "polite", "aria-atomic": "true"});
  const body = el("div", {class: "body"});
  const picture = el("div", {class: "picture", role: "img", "aria-label": data.words.picture});
  const vega = el("div", {class: "vega"});
  picture.append(vega);
  const notice = el("p", {class: "notice", role: "status"}, data.words.loading);
  const {code, list} = listing(data);
  if (data.lines.length) body.append(picture, code);
  else body.append(picture), body.classList.add("alone");  // a lesson's stage before its code is taught
  stage.append(parts.bar, caption, live, notice, body);
  root.append(stage);
  return {...parts, stage, title, formula, sentence, live, notice, body, vega, code, list};
}

// The bundle: vega-embed (with Vega and Vega-Lite) sets window.vegaEmbed. Imported once per page load
// from the app's static file (resolved against the page's address, so a path prefix still works), or
// already there (the exported file inlines it; the app's fallback loader component runs it).
async function vegaEmbedReady(bundle) {
  if (window.vegaEmbed) return window.vegaEmbed;
  if (bundle) {
    window.__stageBundle = window.__stageBundle || import(new URL(bundle, document.baseURI).href);
    await window.__stageBundle;
  }
  const t0 = performance.now();
  while (!window.vegaEmbed && performance.now() - t0 < 60000) await new Promise(r => setTimeout(r, 50));
  if (!window.vegaEmbed) throw new Error("the Vega bundle did not load");
  return window.vegaEmbed;
}

function unpacked(spec) {  // stage.py packs each dataset as columns: back to rows for Vega
  const datasets = {};
  for (const [name, columns] of Object.entries(spec.datasets || {})) {
    const fields = Object.keys(columns);
    const count = fields.length ? columns[fields[0]].length : 0;
    datasets[name] = Array.from({length: count}, (_, k) => Object.fromEntries(fields.map(f => [f, columns[f][k]])));
  }
  return {...spec, datasets};
}

function kept(data) {  // what this browser tab last kept of this row's stage: {start, frame, own}, or null
  try { return JSON.parse(sessionStorage.getItem("stage:" + data.row) || "null"); } catch (e) { return null; }
}

// The frame this tab last showed of this row, if the server still asks for the same start, or if a
// student in a class moved it on their own (the teacher's step, which the server asks for, is not theirs)
function remembered(data) {
  const k = kept(data);
  return k && (k.start === data.start || (data.follow && k.own)) ? Math.min(Math.max(k.frame, 0), data.last) : data.start;
}

function remember(data, start, frame, own = false) {
  try { sessionStorage.setItem("stage:" + data.row, JSON.stringify({start, frame, own})); } catch (e) { /* private mode */ }
}

function showFrame(ui, data, f) {
  const fr = data.frames[f];
  ui.title.textContent = `${fr.phase} · ${fr.status}`;
  ui.formula.textContent = fr.formula;
  ui.sentence.textContent = fr.sentence;
  ui.status.textContent = data.present ? ui.title.textContent : fr.status;
  ui.scrub.value = f;
  ui.scrub.setAttribute("aria-valuetext", ui.title.textContent);
  const on = new Set(data.highlight[f] || []);
  for (const li of ui.list.children) {
    const hit = on.has(+li.dataset.line);
    li.classList.toggle("on", hit);
    if (hit) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
  }
  lineInView(ui);
}

// Scroll the listing (only the listing, never the page) to put its first running line at its top, when a
// running line is not wholly inside it. Called for every frame shown, and after every fit: the first frame is
// shown before the fit bounds the listing's height (a reloaded stage drew its listing at line 1, the running
// line below its edge).
function lineInView(ui) {
  const on = ui.list.querySelectorAll("li.on");
  if (!on.length) return;
  const last = on[on.length - 1], top = on[0].offsetTop, bottom = last.offsetTop + last.offsetHeight;
  if (top < ui.code.scrollTop || bottom > ui.code.scrollTop + ui.code.clientHeight) ui.code.scrollTop = Math.max(top - 8, 0);
}

function announce(ui, data, f) {
  const fr = data.frames[f];
  ui.live.textContent = `${fr.phase} · ${fr.status}. ${fr.formula_spoken || fr.formula.replace(/\s+/g, " ")}. ${fr.sentence}`;
  ui.live.dataset.frame = f;
}

function renderer(ui, data, view, state) {
  let shown = -1, wasPlaying = false;
  return () => {
    const f = view.signal("frame"), playing = view.signal("playing") && f < data.last;
    const w = data.words;
    if (playing !== wasPlaying || shown < 0) labelled(ui.buttons.play, playing ? w.nav_pause : w.nav_play);
    ui.buttons.play.setAttribute("aria-label", playing ? w.aria_pause : w.aria_play);
    ui.buttons.play.classList.toggle("on", playing);
    ui.stage.classList.toggle("playing", playing);
    ui.stage.dataset.frame = f;
    ui.stage.dataset.playing = playing;
    ui.speeds.value = String(view.signal("speed"));
    if (f !== shown) { showFrame(ui, data, f); remember(data, state.start, f, state.own); shown = f; }
    // announce each step a person moves to, and where playing stops (not every frame while playing)
    if (!playing && (String(f) !== ui.live.dataset.frame || wasPlaying)) announce(ui, data, f);
    wasPlaying = playing;
  };
}

// Presenter mode wraps the listing's long lines (stage.css): its font fits this many characters a line.
const PRESENT_CHARS = 40;

// How many window pixels one of the stage's own CSS pixels covers: 1, unless a page zooms an element
// around the stage (CSS `zoom`, as the lesson does to fit a chapter in the window). getBoundingClientRect
// and innerHeight count window pixels, clientWidth and Vega's sizes the stage's own: divide the first by
// this before comparing them with the second.
function scale(ui) {
  const own = ui.vega.clientWidth;
  return own > 0 ? ui.vega.getBoundingClientRect().width / own : 1;
}

// Fit the picture to the screen when picture and code are side by side: the grid keeps its rows and the
// bars' view (signal concat_1_height) takes the height left above the window's bottom edge, 40 % .. 100 %
// of its nominal height (presenter: up to 250 %, to fill a large screen); the listing is never taller than
// the picture, and its running line is scrolled into it once it has its height (lineInView). The code's font fits the listing's widest line, from 12 px up to 16 (presenter: PRESENT_CHARS
// characters, from 16 px up to 20). Every width and height is compared in the stage's own pixels (scale), so a
// zoomed stage fits too; and the least font is that many pixels on screen: a stage a page zooms out gets a
// larger font in its own pixels, its long lines wrapped (class "wrap", as in presenter mode) if they no longer fit.
function fitter(ui, data, view) {
  const base = [view.signal("concat_0_height"), view.signal("concat_1_height")];
  const widest = Math.max(...data.lines.map(l => [...l].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0))) + 6;
  const side = () => getComputedStyle(ui.body).gridTemplateColumns.split(" ").length > 1;
  return async () => {
    const chars = data.present ? PRESENT_CHARS : widest;  // presenter: lines wrap
    const zoomed = Math.min(scale(ui), 1), least = (data.present ? 16 : 12) / zoomed;
    const cap = Math.max(data.present ? 20 : 16, least), fits = (ui.code.clientWidth - 16) / (chars * 0.6);
    ui.code.style.fontSize = Math.min(cap, Math.max(least, fits)).toFixed(1) + "px";
    ui.code.classList.toggle("wrap", zoomed < 0.99 && least > fits + 0.05);
    view.width(Math.max(ui.vega.clientWidth - 12, 120));
    view.signal("concat_0_height", base[0]).signal("concat_1_height", base[1]);
    await view.resize().runAsync();  // Vega's autosize "pad" measures again only after resize()
    const over = ui.vega.querySelector("svg").getBoundingClientRect().width / scale(ui) - ui.vega.clientWidth;
    if (over > 0) {  // a legend beside the bars widens the picture: narrow the views by as much
      view.width(Math.max(view.width() - over - 4, 120));
      await view.resize().runAsync();
    }
    if (!side()) { ui.code.style.maxHeight = ""; lineInView(ui); return; }
    const svg = ui.vega.querySelector("svg").getBoundingClientRect(), s = scale(ui);
    const room = Math.round(base[1] + (window.innerHeight - svg.top - 8 - svg.height) / s);
    view.signal("concat_1_height", Math.min(Math.max(room, base[1] * 0.4), base[1] * (data.present ? 2.5 : 1)));
    await view.resize().runAsync();
    ui.code.style.maxHeight = Math.max(ui.vega.getBoundingClientRect().height / s, 160) + "px";
    lineInView(ui);
  };
}

function wire(ui, data, view, host, send, state) {
  ui.bar.addEventListener("click", e => {
    const b = e.target.closest("button");
    if (b && b.dataset.action) send({action: b.dataset.action});
  });
  ui.link.addEventListener("click", () => {
    state.linked = view.signal("frame");  // the server answers with this start: no seek (playing goes on)
    if (host.onLink) host.onLink(state.linked);
  });
  ui.scrub.addEventListener("input", () => send({action: "seek", frame: +ui.scrub.value}));
  ui.speeds.addEventListener("change", () => send({action: "speed", speed: +ui.speeds.value}));
  ui.stage.addEventListener("keydown", e => {  // a focused control's own keys stay with it
    const keys = NATIVE[e.target.tagName];
    if (e.target.tagName === "SELECT" || (keys && keys.includes(e.key))) e.stopPropagation();
  });
}

// The frame showing `step` (the last one at or before it), from the step each frame shows.
function frameOfStep(data, step) {
  let f = 0;
  (data.steps || []).forEach((s, k) => { if (s <= step) f = k; });
  return f;
}

// A class's hooks on a drawn stage: the follower's "class-follow" and "stage-own", the leader's
// "stage-moved"; returns what undoes them.
function classHooks(ui, data, view, state) {
  const undo = [];
  const on = (type, handler, target = window) => { target.addEventListener(type, handler); undo.push(() => target.removeEventListener(type, handler)); };
  if (data.follow) {
    on(FOLLOW, e => {
      const {step, speed} = e.detail;
      state.own = false;  // the class leads this stage again
      view.signal("playing", false).signal("frame", frameOfStep(data, step));
      if (speed) view.signal("speed", speed);
      view.runAsync();
    });
    const own = () => {  // kept at once: the stage's own handler may already have kept this frame as not theirs
      state.own = true;
      remember(data, state.start, view.signal("frame"), true);
      window.dispatchEvent(new CustomEvent(OWN));
    };
    on("click", e => { if (e.target.closest("button")) own(); }, ui.bar);
    on("input", own, ui.scrub);
    on("keydown", e => {
      const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName) || e.target.isContentEditable;
      if (PLAYER_KEYS.includes(e.key) && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) own();
    });
  }
  if (data.lead) {
    let said = "";
    const say = () => {
      const frame = view.signal("frame"), detail = {step: (data.steps || [])[frame] ?? frame, playing: !!view.signal("playing"), speed: view.signal("speed")};
      const now = JSON.stringify(detail);
      if (now !== said) { said = now; window.dispatchEvent(new CustomEvent(MOVED, {detail})); }
    };
    for (const name of ["frame", "playing", "speed"]) { view.addSignalListener(name, say); undo.push(() => view.removeSignalListener(name, say)); }
    say();
  }
  return () => undo.forEach(u => u());
}

export async function mountStage(root, data, host = {}) {
  const ui = skeleton(root, data);
  const send = detail => window.dispatchEvent(new CustomEvent("player", {detail: {id: data.id, ...detail}}));
  // own: a student moved this stage themselves; a rerun (a language, say) then keeps their frame
  const state = {start: data.start, hold: data.hold ?? null, own: !!(data.follow && kept(data)?.own)};
  let embedded;
  try {
    const embed = await vegaEmbedReady(data.bundle);
    const spec = unpacked(data.spec);
    spec.params = spec.params.map(p => (p.name === "frame" ? {...p, value: remembered(data)} : p));
    embedded = await embed(ui.vega, spec, {renderer: "svg", actions: false, tooltip: false});
  } catch (err) {
    ui.notice.textContent = data.words.failed;
    ui.notice.dataset.error = String(err);
    return {destroy: () => ui.stage.remove(), update: () => {}};
  }
  ui.notice.remove();
  const view = embedded.view;
  view.description(data.words.picture);
  const render = renderer(ui, data, view, state);
  for (const name of ["frame", "playing", "speed"]) view.addSignalListener(name, render);
  render();  // the caption first: the fit measures where the picture starts
  const fit = fitter(ui, data, view);
  await fit();
  let pending = 0;
  // fit again when the stage changes size, or anything around it does (content above moves it down)
  const resize = new ResizeObserver(() => { cancelAnimationFrame(pending); pending = requestAnimationFrame(fit); });
  resize.observe(ui.stage, {box: "device-pixel-content-box"});  // its window pixels: a page's zoom changes them too
  resize.observe(document.body);
  // and the page's main column: Streamlit draws a page in parts, and what it draws above the stage after the
  // first fit moves the stage down without changing its size or the body's (a step drawn 18 px past 720)
  const outer = ui.stage.getRootNode().host;
  const column = outer && outer.closest("[data-testid='stMainBlockContainer']");
  if (column) resize.observe(column);
  wire(ui, data, view, host, send, state);
  // the page's "Skip to the stage" link (ui/frame.py) lands a keyboard user on Play, past the sidebar
  const skip = () => ui.buttons.play.focus();
  window.addEventListener(SKIP_EVENT, skip);
  const unhook = classHooks(ui, data, view, state);
  ui.stage.dataset.ready = "true";
  if (data.follow) window.dispatchEvent(new CustomEvent(READY));
  return {
    destroy: () => {
      unhook();
      window.removeEventListener(SKIP_EVENT, skip);
      resize.disconnect();
      embedded.finalize();
      ui.stage.remove();
    },
    // the same picture again with another start step: go there only if the server asks for a new one
    // (not the one "Link to this step" just sent it, nor the teacher's while a student explores); a
    // leader's class held or let go (a question asked or revealed) goes to the start, the same one or not
    update: next => {
      const rehold = (next.hold ?? null) !== state.hold;
      if (next.start !== state.start || rehold) {
        state.start = next.start;
        state.hold = next.hold ?? null;
        if ((rehold || next.start !== state.linked) && !state.own) send({action: "seek", frame: next.start});
      }
      state.linked = null;
      remember(data, state.start, view.signal("frame"), state.own);
    },
  };
}

// --- Streamlit entry (components v2) --------------------------------------------------------------
// Streamlit calls this again, on the same parentElement, whenever the data changes; it calls the returned
// cleanup only when the element goes away. The same picture (data.key) is kept (a new start step seeks),
// another one replaces it.
const mounted = new WeakMap();
const rows = new WeakMap();  // each following stage's "class-row" listener (the latest data's)

export default function (component) {
  const {parentElement, setTriggerValue} = component;
  const data = parsed(component.data);
  const host = {onLink: frame => setTriggerValue("link", frame)};
  const before = mounted.get(parentElement);
  const key = `${data.key}:${data.follow ? "follow" : ""}:${data.lead ? "lead" : ""}`;  // a class starting redraws it
  if (before && before.key === key) {
    before.stage.then(s => s.update(data));
  } else {
    if (before) before.stage.then(s => s.destroy());
    mounted.set(parentElement, {key, stage: mounting(parentElement, data, host)});
  }
  // a following stage takes the teacher's new row from "class-row" (the class's shared stage data)
  const row = e => {
    const now = mounted.get(parentElement);
    const next = {...e.detail.data, bundle: data.bundle, linkable: false, follow: true, lead: false, present: data.present};
    const nextKey = `${next.key}:follow:`;
    if (!now || now.key === nextKey) return;
    now.stage.then(s => s.destroy());
    mounted.set(parentElement, {key: nextKey, stage: mounting(parentElement, next, host)});
  };
  window.removeEventListener(ROW, rows.get(parentElement));
  if (data.follow) { window.addEventListener(ROW, row); rows.set(parentElement, row); }
  return () => {
    window.removeEventListener(ROW, rows.get(parentElement));
    rows.delete(parentElement);
    const now = mounted.get(parentElement);
    if (now) now.stage.then(s => s.destroy());
    mounted.delete(parentElement);
  };
}

// The app sends the stage's data as JSON bytes (ui/parts/fill.py: cached, not serialised again per run).
function parsed(data) {
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return JSON.parse(new TextDecoder().decode(data));
  return data;
}

function mounting(parentElement, data, host) {
  return mountStage(parentElement, data, host).catch(err => {
    parentElement.append(Object.assign(document.createElement("pre"), {textContent: String(err)}));
    return {destroy: () => {}, update: () => {}};
  });
}
