// The code editor of "Write it yourself": CodeMirror 6 with Python colouring, line numbers and Tab indents,
// as a Streamlit components-v2 element. Built once into editor.js by build.sh (esbuild); the app never
// needs node. Data in: {code, label, version}. State out: "code" (the text, sent when the editor loses
// focus, after 600 ms without typing, and before any button press) and "link" ("too_long" or "broken" when
// the page's link carried a #code= fragment that could not be read).
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching, indentUnit } from "@codemirror/language";

const views = new WeakMap();

function theme() {
  return EditorView.theme({
    "&": { fontSize: "16px", border: "1px solid #8a8a8a", borderRadius: "6px", background: "#fff" },
    "&.cm-focused": { outline: "3px solid #1a5fb4", outlineOffset: "1px" },
    ".cm-content": { fontFamily: "Menlo, Consolas, 'DejaVu Sans Mono', monospace", minHeight: "9em", padding: "8px 0" },
    ".cm-gutters": { background: "#F0F2F6", color: "#4a4a4a", borderRight: "1px solid #BBBBBB" },
    ".cm-scroller": { overflow: "auto", maxHeight: "26em", lineHeight: "1.6" },
    ".cm-line": { padding: "0 8px" },
  });
}

const LINK_MOST = 4096;  // base64url characters a link's #code= may carry (ui/parts/write.py LINK_CODE_MOST)

// The code a link carries in its fragment (#code=<base64url of UTF-8>): {code}, or {problem} ("too_long" past
// LINK_MOST characters, "broken" when it is not base64url of UTF-8), or null when the link has no #code=.
function fromLink() {
  if (!location.hash.startsWith("#code=")) return null;
  const packed = location.hash.slice("#code=".length);
  if (packed.length > LINK_MOST) return { problem: "too_long" };
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(packed)) return { problem: "broken" };
  try {
    const bytes = Uint8Array.from(atob(packed.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return { code: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch (e) {
    return { problem: "broken" };
  }
}

export default function (component) {
  const { parentElement, data, setStateValue } = component;
  let view = views.get(parentElement);
  const send = () => setStateValue("code", view.state.doc.toString());
  if (!view) {
    let timer = null;
    const host = document.createElement("div");
    host.className = "editor";
    parentElement.append(host);
    view = new EditorView({
      parent: host,
      root: parentElement.getRootNode(),
      state: EditorState.create({
        doc: data.code,
        extensions: [
          lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), indentOnInput(),
          bracketMatching(), highlightActiveLine(), syntaxHighlighting(defaultHighlightStyle),
          indentUnit.of("    "), EditorState.tabSize.of(4), python(), theme(), EditorView.lineWrapping,
          keymap.of([indentWithTab, ...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ "aria-label": data.label, autocapitalize: "off", autocorrect: "off",
                                            spellcheck: "false", "data-testid": "write-editor" }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            clearTimeout(timer);
            timer = setTimeout(() => { view._typed = view.state.doc.toString(); send(); }, 600);
          }),
          EditorView.domEventHandlers({ blur: () => { clearTimeout(timer); send(); } }),
        ],
      }),
    });
    view._version = data.version;
    views.set(parentElement, view);
    const linked = fromLink();
    if (linked && linked.problem) {  // the page says in words why the link's code is not in the editor
      setStateValue("link", linked.problem);
    } else if (linked) {  // a link with the code in its fragment (#code=<base64url>): it replaces the starter
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: linked.code } });
      send();
    }
    // a press anywhere else (Run, Check) first sends what is typed: pointerdown comes before the click
    document.addEventListener("pointerdown", (e) => { if (!e.composedPath().includes(host) && view.hasFocus) send(); }, true);
  }
  if (view._version !== data.version) {  // the page replaced the code (a mode's starter, the answer, a link)
    view._version = data.version;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: data.code } });
  }
  view.contentDOM.setAttribute("aria-label", data.label);
}
