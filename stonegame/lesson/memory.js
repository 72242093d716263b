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

// A chart taller than the room under it is zoomed out to fit the window, down to MIN_ZOOM (below that the
// page scrolls: text must stay readable). Not on a phone: the piece is under the words there, and the
// page scrolls. The stage in half a window stacks its code under its picture, so it is zoomed out too.
// In presenter mode (data.present) the floor is higher: no text of the piece, its stage's shadow root
// included, is drawn under PRESENT_LEAST window pixels (the back row of a projected room).
const MIN_ZOOM = 0.55;
const PRESENT_LEAST = 16;
const PIECE = ".st-key-lesson_piece";
let present = false;

// The smallest font (in the piece's own CSS pixels) of any visible text under `root`, open shadow roots
// included; not the stage's code listing, whose font the stage keeps at 16 window pixels or more itself.
function smallestFont(root) {
  let least = Infinity;
  for (const e of root.querySelectorAll("*")) {
    if (e.closest(".code")) continue;
    if (e.shadowRoot) least = Math.min(least, smallestFont(e.shadowRoot));
    const own = [...e.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (own && e.getClientRects().length) least = Math.min(least, parseFloat(getComputedStyle(e).fontSize));
  }
  return least;
}

// The least zoom the piece may have: MIN_ZOOM, or in presenter mode what keeps its smallest text readable.
function floor(box) {
  if (!present) return MIN_ZOOM;
  const least = smallestFont(box);
  return Number.isFinite(least) ? Math.min(1, Math.max(MIN_ZOOM, PRESENT_LEAST / least)) : 1;
}

function fitPiece() {
  const box = document.querySelector(PIECE);
  if (!box) return;
  const now = Number(box.style.zoom) || 1;
  if (window.innerWidth < 640) {
    if (now !== 1) box.style.zoom = "";
    return;
  }
  const rect = box.getBoundingClientRect();
  const natural = rect.height / now;
  const room = window.innerHeight - rect.top - 28;  // the page's bottom padding and a gap
  const zoom = Math.min(1, Math.max(floor(box), room / natural));
  if (Math.abs(zoom - now) > 0.01) box.style.zoom = zoom === 1 ? "" : String(zoom);
}

let watching = null;
function watchPiece(tries = 50) {
  const box = document.querySelector(PIECE);
  if (!box) {  // the chapter is drawn after this element: look again shortly, for up to 10 s
    if (tries > 0) setTimeout(() => watchPiece(tries - 1), 200);
    return;
  }
  if (watching?.box === box) return fitPiece();
  if (watching) watching.observer.disconnect();
  const observer = new ResizeObserver(() => requestAnimationFrame(fitPiece));
  observer.observe(box);
  watching = {box, observer};
  fitPiece();
}

// The summary's page links (data.links: each one's absolute address, in order; empty elsewhere). Streamlit
// writes a page link's href relative ("?…" for the main page, which a new tab resolves to the lesson itself):
// each is set to its absolute address, again whenever Streamlit draws the links anew. A click still goes
// through Streamlit's own handler (the same session); the href serves a new tab, a copied link.
const LINKS = ".st-key-lesson_links a[data-testid=stPageLink-NavLink]";
let linking = null;

function absolute(links) {
  document.querySelectorAll(LINKS).forEach((a, k) => {
    if (k < links.length && a.getAttribute("href") !== links[k]) a.setAttribute("href", links[k]);
  });
}

function keepLinks(links) {
  if (linking) linking.disconnect();
  linking = null;
  if (!links || !links.length) return;
  absolute(links);
  linking = new MutationObserver(() => absolute(links));
  linking.observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ["href"]});
}

export default function (component) {
  requestAnimationFrame(() => watchPiece());
  const {data, setTriggerValue} = component;
  present = Boolean(data.present);
  keepLinks(data.links);
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
    keepLinks([]);
    window.removeEventListener("keydown", onKey, true);
    latest = null;
  };
}
