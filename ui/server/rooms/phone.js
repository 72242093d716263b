// The light student page's script (ui/server/rooms/phone.py): join the class, follow the teacher's step, answer.
// - joins with the link's join token (POST .../join), or takes back the seat this browser kept for the class
//   (localStorage, POST .../me), and opens the room's event stream with the student's id as its proof;
// - following, shows each step the teacher moves to: the step's picture is an SVG the server made
//   (GET .../pictures/{row's name}/{lang}/{listing}/{step}.svg: one URL for the whole class), put in place of
//   the last one; while a question holds the class, never past the held step (the server holds it back too);
//   once the teacher's step is drawn, the next step's picture is fetched ahead (never past the held step nor
//   the row's last), so the teacher's press to it draws at once, without a picture request at the press;
// - exploring ("Explore on my own", a press of the stage's buttons, or ← → Home End), steps on its own;
//   "Back to the class" follows again; exploring, it plays and pauses (▶ / space) at the speed chosen, and its
//   scrubber goes to any step;
// - switches the listing (Python, Java) in place: the picture is fetched again in the listing chosen;
// - "Link to this step" shows (and copies when it may) the full app's link to the row at the step on screen;
// - "Leave the class" forgets this browser's seat, closes the stream, tells the server (POST .../leave: the
//   teacher's count drops) and keeps the row to explore;
// - draws the open question's answer buttons, posts the tapped answer, shows the result once revealed;
// - stops on "The class has ended". The stage's data-frame / data-ready say what is drawn (the benchmark's
//   and the tests' signal: data-ready="true" and data-frame = the step, once joined).
(() => {
  "use strict";
  const root = document.getElementById("phone");
  if (!root || window.stonegameAway) return;  // the head's script reopens the page in the browser's language
  const d = root.dataset, base = `${d.prefix}/rooms/${d.code}`, KEPT = "stonegame:student:" + d.code;
  const w = JSON.parse(document.getElementById("words").textContent);
  const home = `${d.prefix}/join/${d.code}`;  // the page's own address: a code typed at /join came to it there
  if (location.pathname !== home) history.replaceState(null, "", `${home}?lang=${d.lang}&code=${d.listing}`);
  const q = sel => root.querySelector(sel);
  const ui = {
    bar: q(".classbar"), status: q(".status"), toggle: q(".toggle"), question: q(".question"), note: q(".note"),
    stage: q(".stage"), picture: q(".picture"), steps: q(".steps"), live: q(".live"), keys: q(".keys"), full: q(".full"),
    nav: {first: q(".nav-first"), back: q(".nav-back"), play: q(".nav-play"), next: q(".nav-next"), last: q(".nav-last")},
    more: q(".more"), speed: q(".speed"), scrubber: q(".scrubber"), formula: q(".formula"), steplink: q(".steplink"),
    shared: q(".shared"), leave: q(".leave"),
  };
  const st = {
    view: null, student: "", following: true, mine: {}, ended: false, error: "", retry: 0, stream: null,
    shown: Number(d.step), row: "", captions: JSON.parse(document.getElementById("captions").textContent), asked: 0,
    left: false, playing: null, pictures: new Map(), listing: d.listing,
  };

  const fill = (text, fields) => String(text).replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
  const you = () => (st.left ? "" : `&you=${encodeURIComponent(st.student)}`);  // a seat given up proves nothing
  function kept() { try { return localStorage.getItem(KEPT) || ""; } catch (e) { return ""; } }
  function keep(id) { try { localStorage.setItem(KEPT, id); } catch (e) { /* nothing kept */ } }
  function forget() { try { localStorage.removeItem(KEPT); } catch (e) { /* nothing kept */ } }
  // An explorer's own step of the row, kept in this tab so that the page opened again (another language) shows it.
  const OWN = "stonegame:own:" + d.code;
  function ownStep() { try { const k = JSON.parse(sessionStorage.getItem(OWN) || "null"); return k && k.row === rowOf(st.view) ? k.step : st.shown; } catch (e) { return st.shown; } }
  function keepOwn() { try { sessionStorage.setItem(OWN, JSON.stringify({row: st.row, step: st.shown})); } catch (e) { /* nothing kept */ } }

  // One retry when the way to the server failed (a replica killed under nginx answers 502 once).
  // `first`: the answer of the same request sent already (the head's early seat), taken as the first try.
  async function send(path, body, first) {
    const request = () => fetch(`${base}${path}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    try {
      const r = await (first || request());
      if (r.status !== 502 && r.status !== 504) return r;
    } catch (e) { /* try once more */ }
    await new Promise(done => setTimeout(done, 300));
    return request();
  }
  async function post(path, body, first) {
    const r = await send(path, body, first).catch(() => ({ok: false, status: 0, json: async () => ({error: w.class_reconnecting, reason: "server_error"})}));
    const answer = await r.json().catch(() => ({error: w.class_err_server_error, reason: "server_error"}));
    if (!r.ok) { answer.status = r.status; throw answer; }
    return answer;
  }
  function refusal(answer) {
    const key = "class_err_" + (answer && answer.reason);
    return key in w ? fill(w[key], {detail: answer.error || "", code: d.code, given: d.code, limit: "", n: ""}) : (answer && answer.error) || w.class_err_server_error;
  }

  // --- the stage ---
  const lastStep = () => 2 * st.view.stage.values.length + 1;
  const rowOf = view => JSON.stringify([view.stage.values, view.stage.k, view.stage.form]);
  function held(view) {  // routes' rm.holding: the step a student may not pass while the last question is not revealed
    const qs = view.questions || [], last = qs[qs.length - 1];
    if (!last || last.state === "revealed") return null;
    return last.kind === "winner" ? Math.min(last.step, lastStep() - 1) : Math.max(last.step - 1, 0);
  }
  function bounded(step) {
    const h = held(st.view);
    return Math.max(0, Math.min(h === null ? lastStep() : h, lastStep(), step));
  }

  // a step's picture's URL: the one every phone of the class shares (named by the view's row, no student id in
  // it, so nginx answers it from its cache), or the per-student one when the view names no picture
  function pictureUrl(step) {
    const name = st.view && st.view.stage && st.view.stage.picture;
    if (name) return `${base}/pictures/${name}/${d.lang}/${d.listing}/${step}.svg`;
    return `${base}/stage.svg?step=${step}&lang=${d.lang}&code=${d.listing}${you()}`;
  }
  // the row's words for every step, at the class's shared URL as its pictures (or the per-student one)
  function captionsUrl() {
    const name = st.view && st.view.stage && st.view.stage.picture;
    return name ? `${base}/pictures/${name}/${d.lang}/words.json` : `${base}/captions?lang=${d.lang}${you()}`;
  }
  // a step's picture, kept in this page per row, hold, listing and step (playing goes back and forth freely)
  function picture(step, row) {
    const key = `${row}|${held(st.view)}|${d.listing}|${step}`;
    if (!st.pictures.has(key)) {
      if (st.pictures.size > 80) st.pictures.clear();
      const made = fetch(pictureUrl(step))
        .then(async r => { if (!r.ok) throw await r.json(); return r.text(); });
      made.catch(() => st.pictures.delete(key));
      st.pictures.set(key, made);
    }
    return st.pictures.get(key);
  }

  async function show(step) {
    step = bounded(step);
    const asked = ++st.asked, row = rowOf(st.view), listing = d.listing;
    if (step !== st.shown || row !== st.row || listing !== st.listing) {
      try {
        const words = row !== st.row ? fetch(captionsUrl()) : null;
        const svg = await picture(step, row);
        const captions = words ? await (await words).json() : null;
        if (asked !== st.asked) return;  // a newer step was asked meanwhile
        if (Array.isArray(captions)) st.captions = captions;
        ui.picture.innerHTML = svg;
        st.shown = step;
        st.row = row;
        st.listing = listing;
      } catch (e) {
        st.error = refusal(e);
        drawBar();
        return;
      }
    }
    if (!st.following) keepOwn();
    drawStage();
    ahead();
  }
  // following, the teacher's likely next step's shared picture fetched and kept (picture()) once the teacher's
  // step is drawn: never past the step a question holds the class at (the server refuses it, 409) nor the row's last
  function ahead() {
    if (!st.following || st.ended || st.left || !(st.view.stage && st.view.stage.picture)) return;
    const next = bounded(st.shown + 1);
    if (next !== st.shown) picture(next, st.row).catch(() => {});
  }

  function drawStage() {
    const step = st.shown, last = lastStep(), said = st.captions[step] || [];
    ui.stage.dataset.frame = String(step);
    ui.stage.dataset.ready = "true";
    ui.picture.setAttribute("aria-label", said.filter(Boolean).join(" "));
    ui.steps.textContent = fill(w.step_of, {step, last});
    if (ui.live.dataset.step !== String(step)) { ui.live.textContent = said[0] || ""; ui.live.dataset.step = String(step); }
    const h = held(st.view), top = h === null ? last : Math.min(h, last);
    ui.nav.first.disabled = ui.nav.back.disabled = step <= 0;
    ui.nav.next.disabled = ui.nav.last.disabled = step >= top;
    ui.scrubber.max = String(last);
    ui.scrubber.value = String(step);
    ui.scrubber.setAttribute("aria-valuetext", fill(w.step_of, {step, last}));
    ui.formula.textContent = said[1] || "";
    ui.full.href = fullLink(step);
    if (ui.shared.dataset.step !== String(step)) ui.shared.hidden = true;  // its link is of another step
  }
  function fullLink(step) {
    const s = st.view.stage;
    const query = new URLSearchParams({values: s.values.join(","), k: s.k, form: s.form, step, lang: d.lang, code: d.listing});
    return `/?${query}`;
  }

  // --- playing: one step per the speed's tenths of a second, until the last step the student may see ---
  function drawPlay() {
    const on = st.playing !== null, word = on ? w.nav_pause : w.nav_play;
    ui.nav.play.setAttribute("aria-label", on ? w.stage_aria_pause : w.stage_aria_play);
    ui.nav.play.innerHTML = "";
    word.split(" ").forEach((part, i) => {
      if (i) ui.nav.play.append(" ");
      if (/[◀▶❚]/.test(part)) ui.nav.play.append(part);
      else ui.nav.play.append(el("span", {class: "word"}, part));
    });
  }
  function pause() {
    if (st.playing !== null) clearTimeout(st.playing);
    st.playing = null;
    drawPlay();
  }
  const wait = () => Number(ui.speed.value) * 100;
  function later() { if (st.playing !== null) st.playing = setTimeout(tick, wait()); }
  function tick() {
    if (st.shown >= bounded(lastStep())) { pause(); return; }
    picture(bounded(st.shown + 2), rowOf(st.view)).catch(() => {});  // the step after, ahead of time
    show(st.shown + 1).then(later);
  }
  function play() {
    if (!st.view) return;
    if (st.playing !== null) { pause(); return; }
    if (st.following && !st.ended && !st.left) setStatus("exploring");
    st.playing = 0;  // playing, its first timer set once the first step is on screen
    drawPlay();
    picture(bounded(st.shown + 1), rowOf(st.view)).catch(() => {});
    (st.shown >= bounded(lastStep()) ? show(0) : Promise.resolve()).then(later);  // at the end: from the start
  }

  // --- the listing, in place ---
  function switchListing(code) {
    if (code === d.listing) return;
    d.listing = code;
    for (const a of root.querySelectorAll(".listings a")) {
      if (a.dataset.code === code) a.setAttribute("aria-current", "true"); else a.removeAttribute("aria-current");
    }
    for (const a of root.querySelectorAll(".langs a")) {
      const url = new URL(a.href, location.href);
      url.searchParams.set("code", code);
      a.href = url.pathname + url.search;
    }
    const here = new URL(location.href);
    here.searchParams.set("code", code);
    history.replaceState(null, "", here.pathname + here.search);
    if (st.view) show(st.shown); else root.dataset.listing = code;
  }

  // --- link to this step; leave the class ---
  function shareStep() {
    if (!st.view) return;
    const link = new URL(fullLink(st.shown), location.href).href, a = ui.shared.querySelector("a");
    a.href = link;
    a.textContent = link;
    ui.shared.dataset.step = String(st.shown);
    ui.shared.hidden = false;
    try { navigator.clipboard.writeText(link).catch(() => {}); } catch (e) { /* shown, not copied */ }
  }
  function leave() {
    st.left = true;
    st.following = false;
    forget();
    close();
    drawBar();
    told();
  }
  // the server is told, so the teacher's count drops (a refusal changes nothing here: the phone has left)
  function told() {
    if (st.student) post("/leave", {student: st.student}).catch(() => {});
  }

  // the student's own moves: explore, then step
  function own(step) {
    if (!st.view) return;
    pause();
    if (st.following && !st.ended && !st.left) setStatus("exploring");
    show(step);
  }

  // --- the class bar ---
  async function setStatus(status) {
    st.following = status === "following";
    if (st.following) pause();
    drawBar();
    if (st.following) show(st.view.stage.step);
    if (st.ended || st.left) return;
    try {
      await post("/status", {student: st.student, status});
      st.error = "";
    } catch (e) { st.error = refusal(e); }
    drawBar();
  }

  async function answer(question, value) {
    st.mine[question.number] = value;
    st.error = "";
    drawBar();
    try {
      const view = await post(`/questions/${question.number}/answer`, {student: st.student, answer: value});
      st.mine = {...view.mine};
    } catch (e) {
      delete st.mine[question.number];
      st.error = refusal(e);
    }
    drawBar();
  }

  const label = (question, value) => (question.kind === "winner" ? (w["winner_" + value] || String(value)) : String(value));
  const el = (tag, attrs = {}, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };

  function drawQuestion(question) {
    if (question && question.kind === "write") { drawWrite(question); return; }
    ui.question.replaceChildren();
    ui.question.removeAttribute("aria-labelledby");
    if (!question) { ui.question.append(el("p", {class: "waiting"}, w.class_waiting)); return; }
    ui.question.setAttribute("aria-labelledby", `q${question.number}`);
    ui.question.append(el("p", {class: "prompt", id: `q${question.number}`}, fill(w["class_q_" + question.kind], {n: question.number, i: question.pile})));
    const mine = st.mine[question.number];
    if (question.state === "revealed") {
      const right = (question.accepted || []).includes(mine), none = mine === undefined;
      const said = none ? fill(w.class_missed, {answer: label(question, question.expected)})
        : fill(right ? w.class_right : w.class_wrong, {answer: label(question, question.expected), mine: label(question, mine)});
      ui.question.append(el("p", {class: "verdict " + (none ? "none" : right ? "right" : "wrong"), "data-testid": "verdict"}, (right ? "✓ " : none ? "" : "✗ ") + said));
      return;
    }
    const open = question.state === "open", choices = el("div", {class: "choices"});
    for (const value of question.choices || []) {
      const b = el("button", {type: "button", class: "choice" + (mine === value ? " picked" : ""), "aria-pressed": String(mine === value)}, label(question, value));
      b.disabled = !open;
      b.addEventListener("click", () => answer(question, value));
      choices.append(b);
    }
    ui.question.append(choices);
    ui.question.append(el("p", {class: "hint"}, !open ? w.class_locked : mine === undefined ? w.class_pick : fill(w.class_your_answer, {answer: label(question, mine)})));
  }

  // --- "Write dp[i]": the write page's CodeMirror editor, imported when first asked (phone.py EDITOR_JS); a
  // numbered textarea with Tab indents until then, or if it cannot load ---
  const MOST = 2048, bytes = text => new TextEncoder().encode(text).length;
  function writer(question) {
    if (st.writer && st.writer.number === question.number) return st.writer;
    const me = {number: question.number, value: "dp[i] = ...\n", box: el("div", {class: "writer", "data-testid": "writer"})};
    me.area = el("div", {class: "code-area"});
    me.gutter = el("pre", {class: "gutter", "aria-hidden": "true"});
    me.text = el("textarea", {class: "code", "aria-label": w.class_write_editor, spellcheck: "false", autocapitalize: "off", autocomplete: "off", "data-testid": "write-text"});
    me.text.value = me.value;
    me.size = el("p", {class: "size", "data-testid": "write-size"});
    me.send = el("button", {type: "button", class: "send", "data-testid": "write-send"}, w.class_write_send);
    me.hint = el("p", {class: "hint", "data-testid": "write-hint"});
    me.area.append(me.gutter, me.text);
    me.box.append(me.area, me.size, me.send, me.hint);
    me.text.addEventListener("input", () => { me.value = me.text.value; numbered(me); });
    me.text.addEventListener("scroll", () => { me.gutter.scrollTop = me.text.scrollTop; });
    me.text.addEventListener("keydown", e => tabbed(e, me));
    me.send.addEventListener("click", () => sendCode(question, me));
    numbered(me);
    st.writer = me;
    mountEditor(me);
    return me;
  }
  function numbered(me) {  // line numbers and size
    const lines = me.value.split("\n").length;
    if (me.gutter.childElementCount !== lines) me.gutter.textContent = Array.from({length: lines}, (_, i) => i + 1).join("\n");
    const size = bytes(me.value);
    me.size.textContent = fill(w.class_write_size, {size, most: MOST});
    me.size.classList.toggle("over", size > MOST);
  }
  function tabbed(e, me) {  // Tab indents 4 spaces (Escape then Tab leaves)
    if (e.key !== "Tab" || e.shiftKey || me.escaped) { me.escaped = e.key === "Escape"; return; }
    e.preventDefault();
    me.text.setRangeText("    ", me.text.selectionStart, me.text.selectionEnd, "end");
    me.value = me.text.value;
    numbered(me);
  }
  function mountEditor(me) {
    import(d.editor).then(mod => {
      const host = el("div", {class: "cm-host"});
      me.area.replaceWith(host);  // in the page first: the editor reads the document's selection
      mod.default({parentElement: host, data: {code: me.value, label: w.class_write_editor, version: 1},
        setStateValue: (name, value) => { me.value = value; numbered(me); }});
      me.box.dataset.editor = "codemirror";
    }).catch(() => { me.box.dataset.editor = "textarea"; });
  }
  async function sendCode(question, me) {
    if (bytes(me.value) > MOST) { st.error = refusal({reason: "answer_too_long"}); drawBar(); return; }
    st.error = "";
    me.hint.textContent = w.class_sending;
    try {
      const view = await post(`/questions/${question.number}/answer`, {student: st.student, answer: me.value});
      st.mine = {...view.mine};
    } catch (e) { st.error = refusal(e); }
    drawBar();
  }
  async function learnGroup(question) {  // revealed: the student's own view has the group
    if (st.learning === question.number) return;
    st.learning = question.number;
    try { st.mine = {...(await post("/me", {student: st.student})).mine}; } catch (e) { st.error = refusal(e); }
    drawBar();
  }
  function drawWrite(question) {
    const me = writer(question), mine = st.mine[question.number], prompt = `q${question.number}`;
    ui.question.setAttribute("aria-labelledby", prompt);
    if (question.state === "revealed" && mine === "sent") { learnGroup(question); return; }
    if (question.state === "revealed") {
      const right = mine === "right", group = mine === undefined ? "" : (w["write_name_" + mine] || w["class_group_" + mine] || mine);
      ui.question.replaceChildren(el("p", {class: "prompt", id: prompt}, fill(w.class_q_write, {n: question.number})),
        el("p", {class: "verdict " + (mine === undefined ? "none" : right ? "right" : "wrong"), "data-testid": "verdict"},
          mine === undefined ? w.class_write_missed : (right ? "✓ " : "✗ ") + fill(w.class_write_group, {group})));
      return;
    }
    if (!ui.question.contains(me.box)) {  // kept in place while the bar redraws: typing goes on
      ui.question.replaceChildren(el("p", {class: "prompt", id: prompt}, fill(w.class_q_write, {n: question.number})), me.box);
    }
    const open = question.state === "open";
    me.send.disabled = !open;
    me.hint.textContent = !open ? w.class_locked : mine === "sent" ? w.class_write_sent : "";
  }

  function drawBar() {
    ui.note.textContent = st.error || (st.retry && !st.left ? w.class_reconnecting : "");
    if (!st.view) return;
    if (st.ended || st.left) {
      ui.status.textContent = st.left ? w.class_left : w.class_ended;
      ui.bar.dataset.following = "false";
      ui.question.replaceChildren();
      ui.toggle.hidden = ui.leave.hidden = true;
      ui.bar.classList.add("ended");
      ui.keys.hidden = ui.more.hidden = false;
      return;
    }
    ui.status.textContent = fill(st.following ? w.class_following : w.class_exploring, {code: d.code});
    ui.bar.dataset.following = String(st.following);
    ui.toggle.hidden = false;
    ui.toggle.textContent = st.following ? w.class_explore : w.class_back;
    ui.keys.hidden = ui.more.hidden = st.following;
    ui.leave.hidden = false;
    const qs = st.view.questions || [];
    drawQuestion(qs[qs.length - 1] || null);
  }

  // --- the stream ---
  function onView(view) {
    if (st.left) return;
    st.retry = 0;
    if (view.ended) { st.ended = true; st.view = {...st.view, ...view}; close(); drawBar(); return; }
    const before = st.view;
    st.view = {...st.view, ...view};
    drawBar();
    if (st.following) show(st.view.stage.step);
    else if (rowOf(st.view) !== st.row || held(st.view) !== held(before)) show(st.shown);  // a new row or hold
  }
  function open() {
    const stream = new EventSource(`${base}/events?since=0${you()}`);
    stream.addEventListener("room", e => onView(JSON.parse(e.data)));
    stream.onopen = () => { st.retry = 0; drawBar(); };
    stream.onerror = () => {
      st.retry += 1;
      drawBar();
      // a refusal closes an EventSource for good: open another after a random wait under a growing cap
      if (stream.readyState === EventSource.CLOSED && !st.ended && !st.left) {
        const wait = 250 + Math.random() * Math.min(8000, 500 * 2 ** st.retry);
        setTimeout(() => { if (st.stream === stream) st.stream = open(); }, wait);
      }
    };
    return stream;
  }
  function close() { if (st.stream) st.stream.close(); st.stream = null; }
  function awake() {  // a phone back from its pocket (iOS drops background streams without an error): resync
    if (!st.ended && !st.left && st.student && (!st.stream || st.stream.readyState === EventSource.CLOSED)) { close(); st.stream = open(); }
  }

  // --- joining ---
  async function seat() {
    const mine = kept(), early = window.stonegameSeat || {};
    window.stonegameSeat = null;
    const first = early.first && early.mine === mine ? early.first : null;  // the head's request, if it asked the same
    if (mine) {
      try { return {student: mine, room: await post("/me", {student: mine}, first)}; } catch (e) { if (e.status === 410) throw e; }
      return post("/join", d.join ? {join: d.join} : {});
    }
    return post("/join", d.join ? {join: d.join} : {}, first);
  }
  async function join() {
    try {
      const made = await seat();
      st.student = made.student;
      keep(made.student);
      st.view = made.room;
      st.mine = {...(made.room.mine || {})};
      st.following = made.room.status !== "exploring";
    } catch (e) {
      if (e.status === 410 && e.room) { st.view = e.room; st.ended = true; drawBar(); drawStage(); return; }
      st.error = refusal(e);
      drawBar();
      return;
    }
    drawBar();
    st.row = rowOf(st.view);  // the page came with this row's picture and words
    await show(st.following ? st.view.stage.step : ownStep());
    st.stream = open();
  }

  ui.toggle.addEventListener("click", () => setStatus(st.following ? "exploring" : "following"));
  ui.nav.first.addEventListener("click", () => own(0));
  ui.nav.back.addEventListener("click", () => own(st.shown - 1));
  ui.nav.next.addEventListener("click", () => own(st.shown + 1));
  ui.nav.last.addEventListener("click", () => own(lastStep()));
  ui.nav.play.addEventListener("click", play);
  ui.scrubber.addEventListener("input", () => own(Number(ui.scrubber.value)));
  ui.steplink.addEventListener("click", shareStep);
  ui.leave.addEventListener("click", leave);
  for (const a of root.querySelectorAll(".listings a")) {
    a.addEventListener("click", e => { e.preventDefault(); switchListing(a.dataset.code); });
  }
  document.addEventListener("keydown", e => {
    if (e.altKey || e.ctrlKey || e.metaKey || !st.view || e.target.closest("input, select, textarea, [contenteditable]")) return;
    if (e.key === " " && !e.target.closest("button, a")) { e.preventDefault(); play(); return; }
    const to = {ArrowLeft: st.shown - 1, ArrowRight: st.shown + 1, Home: 0, End: lastStep()}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    own(to);
  });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") awake(); });
  window.addEventListener("pageshow", e => { if (e.persisted) awake(); });
  join();
})();
