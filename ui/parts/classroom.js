// The class bar (ui/parts/classroom.py): the browser side of a class, so that following the teacher
// costs no script run. It holds the room's event stream (GET {prefix}/rooms/{code}/events) and:
// - for a student: tells the stage where the teacher is ("class-follow"), fetches a new row's stage data
//   once the teacher changes it ("class-row"), shows the open question as one button per choice and posts
//   the tapped answer, shows whether it was right once revealed, and switches between following and
//   exploring (a press on the stage's own controls, "stage-own", explores too);
// - for the teacher: posts every move of the stage ("stage-moved") to {prefix}/rooms/{code}/stage, and
//   shows the live counts (joined, following, exploring, and the open question's answers).
// When the class ends it triggers "ended", and the page (a script run) gives the student their row.
// The teacher's secret stays out of every URL: the teacher's bar keeps it in this tab's sessionStorage (keyed
// by the class's code), and on a class link's first run the page draws this element in its asking form
// (data.ask: the code), which answers at once with what the tab keeps ("kept": {secret, folded}), so that a
// reload of the teacher's tab leads again, its join screen folded as it was; a tab that keeps none opens the
// light student page (data.away) in its place, so a student never joins in the full app. A code typed in
// "Join a class" that names an open room draws this element with data.go: the light page, opened at once.

const FOLLOW = "class-follow", READY = "stage-ready", OWN = "stage-own", MOVED = "stage-moved", ROW = "class-row";
const KEPT = "stonegame:class:";  // + the code: the teacher's secret in this tab's sessionStorage
const FOLDED = ":folded";  // KEPT + the code + this: "1" while the teacher's join screen is folded to its line

// The tab's memory of the secret; a browser that refuses storage keeps nothing (a reload then joins as a student).
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

// The stage data a student's stage should hold: the room's row, and whether a question holds the class
// (while the latest question is not revealed, the server sends the row held back at the step before its
// answer: nothing past it, routes.stage_data), so a change of either fetches the stage data again.
function rowOf(view) {
  const s = view.stage || {}, questions = view.questions || [];
  const latest = questions[questions.length - 1];
  return JSON.stringify([s.values, s.k, s.form, latest && latest.state !== "revealed" ? latest.number : 0]);
}

// One room's bar: its stream, its posts and its drawing. `data` is the page's (classroom.py bar_data).
function classBar(root, data, trigger) {
  const w = data.words, base = `${data.prefix}/rooms/${data.code}`;
  const ui = {
    bar: el("div", {class: `classbar ${data.role}${data.present ? " present" : ""}`, "data-testid": "classbar", lang: data.lang}),
    status: el("p", {class: "status", role: "status"}),
    counts: el("p", {class: "counts", "aria-live": "polite"}),
    toggle: el("button", {type: "button", class: "toggle"}),
    question: el("div", {class: "question", role: "group"}),
    note: el("p", {class: "note", "aria-live": "polite"}),
  };
  const head = el("div", {class: "head"});
  head.append(ui.status);
  if (data.role === "student") head.append(ui.toggle);
  ui.bar.append(head, ui.counts, ui.question, ui.note);
  root.append(ui.bar);

  const st = {
    view: data.view, following: data.view.status !== "exploring", mine: {...(data.view.mine || {})},
    shownRow: rowOf(data.view), fetching: null, ended: false, error: "", stream: null, retry: 0,
  };

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

  // --- a student's stage: follow the teacher, or not ---
  function follow() {
    if (data.role !== "student" || !st.following || st.ended) return;
    const row = rowOf(st.view);
    if (row !== st.shownRow) { newRow(row); return; }
    const s = st.view.stage;
    window.dispatchEvent(new CustomEvent(FOLLOW, {detail: {step: s.step, playing: s.playing, speed: s.speed}}));
  }

  async function newRow(row) {
    if (st.fetching === row) return;
    st.fetching = row;
    try {
      const r = await fetch(`${base}/stage-data?lang=${data.lang}&code=${data.listing}${proof()}`);
      if (!r.ok) throw await r.json();
      const stageData = await r.json();
      st.shownRow = row;
      window.dispatchEvent(new CustomEvent(ROW, {detail: {data: stageData}}));  // the stage says "stage-ready" once drawn
    } catch (e) {
      st.error = refusal(e);
      draw();
    } finally {
      st.fetching = null;
    }
  }

  async function setStatus(status) {
    st.following = status === "following";
    draw();
    if (st.following) follow();
    try {
      await post("/status", {student: data.token, status});
      st.error = "";
    } catch (e) { st.error = refusal(e); }
    draw();
  }

  async function answer(question, value) {
    st.mine[question.number] = value;
    st.error = "";
    draw();
    try {
      const view = await post(`/questions/${question.number}/answer`, {student: data.token, answer: value});
      st.mine = {...view.mine};
    } catch (e) {
      delete st.mine[question.number];
      st.error = refusal(e);
    }
    draw();
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
  function label(question, value) {
    return question.kind === "winner" ? (w["winner_" + value] || String(value)) : String(value);
  }

  function prompt(question) {
    return fill(w["class_q_" + question.kind], {n: question.number, i: question.pile});
  }

  function drawQuestion(question) {
    ui.question.replaceChildren();
    if (!question) {
      if (data.role === "student") ui.question.append(el("p", {class: "waiting"}, w.class_waiting));
      return;
    }
    const title = el("p", {class: "prompt", id: `q${question.number}`}, prompt(question));
    ui.question.setAttribute("aria-labelledby", `q${question.number}`);
    ui.question.append(title);
    const answered = fill(w.class_answered, {answered: question.answered, joined: st.view.joined});
    if (data.role === "teacher") {
      ui.question.append(el("p", {class: "answered", "data-testid": "answered"}, `${answered} · ${w["class_state_" + question.state]}`));
      return;
    }
    const mine = st.mine[question.number];
    if (question.kind === "write") { drawWrite(question, mine); return; }
    if (question.state === "revealed") {
      const right = (question.accepted || []).includes(mine);
      const said = mine === undefined ? fill(w.class_missed, {answer: label(question, question.expected)})
        : fill(right ? w.class_right : w.class_wrong, {answer: label(question, question.expected), mine: label(question, mine)});
      ui.question.append(el("p", {class: "verdict " + (mine === undefined ? "none" : right ? "right" : "wrong"), "data-testid": "verdict"}, (right ? "✓ " : mine === undefined ? "" : "✗ ") + said));
      return;
    }
    const open = question.state === "open";
    const choices = el("div", {class: "choices"});
    for (const value of question.choices || []) {
      const b = el("button", {type: "button", class: "choice" + (mine === value ? " picked" : ""), "aria-pressed": String(mine === value)}, label(question, value));
      b.disabled = !open;
      b.addEventListener("click", () => answer(question, value));
      choices.append(b);
    }
    ui.question.append(choices);
    const hint = !open ? w.class_locked : mine === undefined ? w.class_pick : fill(w.class_your_answer, {answer: label(question, mine)});
    ui.question.append(el("p", {class: "hint"}, hint));
  }

  // "Write dp[i]" in the full app: a monospace box for the loop body (Tab indents), kept while the bar redraws,
  // sent as the answer; the group the code fell in is shown once revealed (phone.js has the same on the phone).
  function drawWrite(question, mine) {
    if (!st.writer || st.writer.number !== question.number) {
      const box = el("textarea", {class: "code", rows: "5", spellcheck: "false", "aria-label": w.class_write_editor, "data-testid": "write-text"});
      box.value = "dp[i] = ...\n";
      box.addEventListener("keydown", e => {
        e.stopPropagation();  // typed code is no stage key (seen from the window, a key typed in the shadow root comes from its host, not a textarea)
        if (e.key !== "Tab" || e.shiftKey) return;
        e.preventDefault();
        box.setRangeText("    ", box.selectionStart, box.selectionEnd, "end");
      });
      const send = el("button", {type: "button", class: "choice send", "data-testid": "write-send"}, w.class_write_send);
      send.addEventListener("click", () => answer(question, box.value));
      st.writer = {number: question.number, box, send, focused: false, at: 0};
      box.addEventListener("focus", () => { st.writer.focused = true; });
      box.addEventListener("blur", () => { if (box.isConnected) st.writer.focused = false; });  // not a redraw's
      for (const type of ["input", "keyup", "click"]) box.addEventListener(type, () => { st.writer.at = box.selectionStart; });
    }
    const {box, send} = st.writer;
    if (question.state === "revealed" && mine === "sent" && st.learning !== question.number) {  // its group, now
      st.learning = question.number;
      post("/me", {student: data.token}).then(view => { st.mine = {...view.mine}; draw(); }).catch(e => { st.error = refusal(e); draw(); });
      return;
    }
    if (st.writer.focused && question.state !== "revealed") {  // a redraw took the box away: give its focus back
      queueMicrotask(() => { box.focus(); box.setSelectionRange(st.writer.at, st.writer.at); });
    }
    if (question.state === "revealed") {
      const group = w["write_name_" + mine] || w["class_group_" + mine] || mine;
      const said = mine === undefined ? w.class_write_missed : (mine === "right" ? "✓ " : "✗ ") + fill(w.class_write_group, {group});
      ui.question.append(el("p", {class: "verdict " + (mine === undefined ? "none" : mine === "right" ? "right" : "wrong"), "data-testid": "verdict"}, said));
      return;
    }
    send.disabled = question.state !== "open";
    ui.question.append(box, send, el("p", {class: "hint"}, question.state !== "open" ? w.class_locked : mine === "sent" ? w.class_write_sent : ""));
  }

  function draw() {
    const v = st.view;
    if (st.ended) {
      ui.status.textContent = w.class_ended;
      ui.counts.textContent = "";
      ui.question.replaceChildren();
      ui.toggle.hidden = true;
      ui.bar.classList.add("ended");
      return;
    }
    if (data.role === "teacher") ui.status.textContent = fill(w.class_leading, {code: data.code});
    else ui.status.textContent = fill(st.following ? w.class_following : w.class_exploring, {code: data.code});
    ui.bar.dataset.following = String(st.following);
    ui.toggle.textContent = st.following ? w.class_explore : w.class_back;
    ui.counts.textContent = data.role === "teacher" ? fill(w.class_counts, v) : "";
    const questions = v.questions || [];
    const last = questions[questions.length - 1];
    drawQuestion(last && (last.state !== "revealed" || data.role === "student") ? last : null);
    ui.note.textContent = st.error || (st.retry ? w.class_reconnecting : "");
  }

  // --- the stream ---
  function onView(view) {
    st.retry = 0;
    if (view.ended) {
      st.ended = true;
      if (data.role === "teacher") forget(data.code);
      draw();
      close();
      trigger("ended", view.version);
      return;
    }
    st.view = {...st.view, ...view};
    draw();
    // an exploring student's stage takes a question's hold (and its release) too, not only the teacher's row
    if (data.role === "student" && !st.following && rowOf(st.view) !== st.shownRow) newRow(rowOf(st.view));
    follow();
  }

  // What the stream and the stage data carry as a proof that passes the guessing limit a prankster may have
  // brought on the school's shared address: a student's id, or the teacher's stream id the room issued
  // (its teacher view's "lead"; the teacher's secret never goes into a URL).
  function proof() {
    const you = data.role === "student" ? data.token : (data.view || {}).lead;
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
  if (data.role === "student") {
    ui.toggle.addEventListener("click", () => setStatus(st.following ? "exploring" : "following"));
    on(OWN, () => { if (st.following && !st.ended) setStatus("exploring"); });
    on(READY, () => follow());
  } else {
    keep(data.code, data.token);
    on(MOVED, e => lead(e.detail));
  }
  function close() {
    if (st.stream) st.stream.close();
    st.stream = null;
  }
  st.stream = open();
  draw();
  follow();
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

// --- Streamlit entry (components v2): one bar per element, kept while the room and the role stay ---
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
  if (data.role === "teacher") keepFold(data.code, data.folded);  // every run: the fold as the page drew it
  const key = `${data.code}:${data.role}:${data.token}:${data.lang}:${data.listing}`;
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
