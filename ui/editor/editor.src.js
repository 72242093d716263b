// The code editor of "Write it yourself": CodeMirror 6 with Python colouring, line numbers and Tab indents,
// as a Streamlit components-v2 element. Built once into editor.js by build.sh (esbuild); the app never
// needs node. Data in: {code, label, version}. State out: "code" (the text, sent when the editor loses
// focus, after 600 ms without typing, and before any button press).
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

function fromLink() {
  const m = /^#code=([A-Za-z0-9_=-]{1,4096})$/.exec(location.hash);
  if (!m) return null;
  try {
    const bytes = Uint8Array.from(atob(m[1].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (e) {
    return null;
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
          indentUnit.of("    "), EditorState.tabSize.of(4), python(), theme(),
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
    if (linked !== null) {  // a link with the code in its fragment (#code=<base64url>): it replaces the starter
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: linked } });
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
