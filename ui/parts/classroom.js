// The teacher's class bar (ui/parts/classroom.py): the browser side of leading a class, so that a step costs
// no script run. It holds the room's event stream (GET {prefix}/rooms/{code}/events), posts every move of the
// stage ("stage-moved") to {prefix}/rooms/{code}/stage, and shows the live counts (joined, following,
// exploring, and the open question's answers). Students follow on the light student page
// (ui/server/rooms/phone.js), never here. When the class ends it triggers "ended", and the page (a script
// run) lets the teacher go, keeping the row.
// The teacher's secret stays out of every URL: the teacher's bar keeps it in this tab's sessionStorage (keyed
// by the class's code), and on a class link's first run the page draws this element in its asking form
// (data.ask: the code), which answers at once with what the tab keeps ("kept": {secret, folded}), so that a
// reload of the teacher's tab leads again, its join screen folded as it was; a tab that keeps none opens the
// light student page (data.away) in its place, so a student never joins in the full app. A code typed in
// "Join a class" that names an open room draws this element with data.go: the light page, opened at once.

const MOVED = "stage-moved";
const KEPT = "stonegame:class:";  // + the code: the teacher's secret in this tab's sessionStorage
const FOLDED = ":folded";  // KEPT + the code + this: "1" while the teacher's join screen is folded to its line

// The tab's memory of the secret; a browser that refuses storage keeps nothing (a reload then opens the light page).
function kept(code) {
  try { return sessionStorage.getItem(KEPT + code) || ""; } catch (e) { return ""; }
}
function keep(code, secret) {
  try { sessionStorage.setItem(KEPT + code, secret); } catch (e) { /* nothing kept */ }
}
function forget(code) {
  try { sessionStorage.removeItem(KEPT + code); sessionStorage.removeItem(KEPT + code + FOLDED); } catch (e) { /* nothing kept */ }
}
// Whether the teacher's join screen is folded, kept beside the secret so that a reload keeps the fold.
function keptFold(code) {
  try { return sessionStorage.getItem(KEPT + code + FOLDED) === "1"; } catch (e) { return false; }
}
function keepFold(code, folded) {
  try { sessionStorage.setItem(KEPT + code + FOLDED, folded ? "1" : ""); } catch (e) { /* nothing kept */ }
}

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

// One room's bar: its stream, its posts and its drawing. `data` is the page's (classroom.py bar_data).
function classBar(root, data, trigger) {
  const w = data.words, base = `${data.prefix}/rooms/${data.code}`;
  const ui = {
    bar: el("div", {class: `classbar teacher${data.present ? " present" : ""}`, "data-testid": "classbar", lang: data.lang}),
    status: el("p", {class: "status", role: "status"}),
    counts: el("p", {class: "counts", "aria-live": "polite"}),
    question: el("div", {class: "question", role: "group"}),
    note: el("p", {class: "note", "aria-live": "polite"}),
  };
  const head = el("div", {class: "head"});
  head.append(ui.status);
  ui.bar.append(head, ui.counts, ui.question, ui.note);
  root.append(ui.bar);

  const st = {view: data.view, ended: false, error: "", stream: null, retry: 0};

  // One retry when the way to the server failed (a replica killed under nginx answers 502 once, and never
  // resends a POST): every post here means the same thing sent twice.
  async function send(path, body) {
    const request = () => fetch(`${base}${path}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    try {
      const r = await request();
      if (r.status !== 502 && r.status !== 504) return r;
    } catch (e) { /* the connection broke: try once more */ }
    await new Promise(done => setTimeout(done, 300));
    return request();
  }

  async function post(path, body) {
    const r = await send(path, body).catch(() => ({ok: false, json: async () => ({error: w.class_reconnecting, reason: "server_error"})}));
    const answer = await r.json().catch(() => ({error: w.class_err_server_error, reason: "server_error"}));
    if (!r.ok) throw answer;
    return answer;
  }

  function refusal(answer) {
    const key = "class_err_" + (answer && answer.reason);
    return key in w ? fill(w[key], {detail: answer.error || "", code: data.code, given: ""}) : (answer && answer.error) || w.class_err_server_error;
  }

  // --- the teacher's stage: every move goes to the room (one post at a time, the latest wins) ---
  let sending = false, waiting = null;
  async function lead(detail) {
    waiting = detail;
    if (sending) return;
    sending = true;
    while (waiting) {
      const next = waiting;
      waiting = null;
      try {
        await post("/stage", {secret: data.token, step: next.step, playing: next.playing, speed: next.speed});
        st.error = "";
      } catch (e) { st.error = refusal(e); draw(); }
    }
    sending = false;
  }

  // --- drawing ---
  function drawQuestion(question) {
    ui.question.replaceChildren();
    if (!question) return;
    const prompt = fill(w["class_q_" + question.kind], {n: question.number, i: question.pile});
    ui.question.setAttribute("aria-labelledby", `q${question.number}`);
    ui.question.append(el("p", {class: "prompt", id: `q${question.number}`}, prompt));
    const answered = fill(w.class_answered, {answered: question.answered, joined: st.view.joined});
    ui.question.append(el("p", {class: "answered", "data-testid": "answered"}, `${answered} · ${w["class_state_" + question.state]}`));
  }

  function draw() {
    const v = st.view;
    if (st.ended) {
      ui.status.textContent = w.class_ended;
      ui.counts.textContent = "";
      ui.question.replaceChildren();
      ui.bar.classList.add("ended");
      return;
    }
    ui.status.textContent = fill(w.class_leading, {code: data.code});
    ui.counts.textContent = fill(w.class_counts, v);
    const questions = v.questions || [];
    const last = questions[questions.length - 1];
    drawQuestion(last && last.state !== "revealed" ? last : null);
    ui.note.textContent = st.error || (st.retry ? w.class_reconnecting : "");
  }

  // --- the stream ---
  function onView(view) {
    st.retry = 0;
    if (view.ended) {
      st.ended = true;
      forget(data.code);
      draw();
      close();
      trigger("ended", view.version);
      return;
    }
    st.view = {...st.view, ...view};
    draw();
  }

  // What the stream and the stage data carry as a proof that passes the guessing limit a prankster may have
  // brought on the school's shared address: the teacher's stream id the room issued (its teacher view's
  // "lead"; the teacher's secret never goes into a URL).
  function proof() {
    const you = (data.view || {}).lead;
    return you ? `&you=${encodeURIComponent(you)}` : "";
  }

  function open() {
    const stream = new EventSource(`${base}/events?since=0${proof()}`);
    stream.addEventListener("room", e => onView(JSON.parse(e.data)));
    stream.onopen = () => { st.retry = 0; draw(); };  // back: the next change comes as an event
    stream.onerror = () => {
      st.retry += 1;
      draw();
      // a refusal (a server starting, a 503) closes an EventSource for good: open another, soon
      if (stream.readyState === EventSource.CLOSED && !st.ended) {
        setTimeout(() => { if (st.stream === stream) st.stream = open(); }, Math.min(500 * st.retry, 3000));
      }
    };
    return stream;
  }

  const handlers = [];
  const on = (type, fn) => { window.addEventListener(type, fn); handlers.push([type, fn]); };
  keep(data.code, data.token);
  on(MOVED, e => lead(e.detail));
  function close() {
    if (st.stream) st.stream.close();
    st.stream = null;
  }
  st.stream = open();
  draw();
  return {
    destroy: () => { close(); handlers.forEach(([t, f]) => window.removeEventListener(t, f)); ui.bar.remove(); },
  };
}

// Open the light student page at `path` (only a path of the class room's own: "/classroom/join/..."),
// in place of this page when `instead` (a class link: Back does not come here again), else as a new entry.
function away(path, instead) {
  if (!/^\/[A-Za-z0-9_-]+\/join\/[A-Za-z0-9]+(\?[\w=&%.-]*)?$/.test(path)) return;
  if (instead) window.location.replace(path);
  else window.location.assign(path);
}

// --- Streamlit entry (components v2): one bar per element, kept while the room stays ---
const bars = new WeakMap();

export default function (component) {
  const {parentElement, data, setTriggerValue} = component;
  if (data.go) {  // a student sent to the light page (a typed code the server found open): go there
    away(data.go, false);
    return undefined;
  }
  if (data.ask) {  // a class link's first run: a tab that keeps the class's secret says it (and the fold) and
    const secret = kept(data.ask);  // leads again; any other is a student, sent on to the light page at once
    if (!secret && data.away) away(data.away, true);
    else setTriggerValue("kept", {secret, folded: keptFold(data.ask)});
    return undefined;
  }
  keepFold(data.code, data.folded);  // every run: the fold as the page drew it
  const key = `${data.code}:${data.token}:${data.lang}:${data.listing}`;
  const before = bars.get(parentElement);
  if (!before || before.key !== key) {
    if (before) before.bar.destroy();
    bars.set(parentElement, {key, bar: classBar(parentElement, data, setTriggerValue)});
  }
  return () => {
    const now = bars.get(parentElement);
    if (now) now.bar.destroy();
    bars.delete(parentElement);
  };
}
