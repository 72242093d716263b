// The lesson's memory in the browser, and its keys. Nothing is drawn.
//
// Memory: on a session's first run the page asks (data.ask) and this sends back what localStorage kept
// ("restore"); after that, every run hands it the progress to keep (data.keep), and it is written to
// localStorage, in this browser only: nothing about the student is stored on the server.
// Keys: PgDn / → ask for the next chapter, PgUp / ← for the previous one ("go": the chapter wanted),
// unless the focus is in a field (an input, a text area, a menu, an editable text) or a modifier is held.
// The lesson's keys come first (a capturing listener on window), so a chapter's stage does not also step.

const STORE = "stonegame:lesson";
const FORWARD = ["PageDown", "ArrowRight"];
const BACKWARD = ["PageUp", "ArrowLeft"];
const FIELDS = ["INPUT", "TEXTAREA", "SELECT"];
let latest = null;  // the last run's component: its data and its trigger

function inField(event) {
  const target = event.composedPath()[0];
  return target instanceof Element && (FIELDS.includes(target.tagName) || target.isContentEditable);
}

function onKey(event) {
  if (!latest || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || inField(event)) return;
  const step = FORWARD.includes(event.key) ? 1 : BACKWARD.includes(event.key) ? -1 : 0;
  if (!step) return;
  event.preventDefault();
  event.stopPropagation();
  const wanted = latest.data.chapter + step;
  if (wanted >= 1 && wanted <= latest.data.last) latest.setTriggerValue("go", wanted);
}

export default function (component) {
  const {data, setTriggerValue} = component;
  if (!latest) window.addEventListener("keydown", onKey, true);
  latest = component;
  if (data.ask) {
    let kept = "";
    try { kept = localStorage.getItem(STORE) || ""; } catch (e) { /* storage off: nothing kept */ }
    setTriggerValue("restore", kept);
  } else if (data.keep) {
    try { localStorage.setItem(STORE, data.keep); } catch (e) { /* storage off: nothing kept */ }
  }
  return () => {
    window.removeEventListener("keydown", onKey, true);
    latest = null;
  };
}
