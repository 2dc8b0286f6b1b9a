import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';

export interface JsonEditorProps {
  /** The accessible name of the editing area. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Mod-Enter inside the editor. */
  onSubmit?: () => void;
}

/**
 * A JSON editor (CodeMirror 6 with the JSON language): line numbers, folding, bracket matching, undo.
 * Controlled: a `value` that differs from the text (a new template, Reset Payload) replaces it.
 * Its own module so the dialog loads it on demand, in a chunk of its own.
 */
export function JsonEditor({ label, value, onChange, onSubmit }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // the editor is made once; the latest callbacks are read through refs
  const callbacks = useRef({ onChange, onSubmit });
  callbacks.current = { onChange, onSubmit };

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          keymap.of([
            { key: 'Mod-Enter', run: () => (callbacks.current.onSubmit?.(), true) },
            indentWithTab,
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          // a payload's long values (a message's HTML, a URL) wrap rather than widen the editor past the dialog
          EditorView.lineWrapping,
          EditorView.theme({
            '&': { fontSize: '12px', maxHeight: '360px' },
            '.cm-scroller': { overflow: 'auto', fontFamily: 'var(--chakra-fonts-mono)' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // made once per mount: later values arrive through the effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <Box
      ref={host}
      w="full"
      minW="0"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      data-testid="json-editor"
    />
  );
}

export default JsonEditor;
