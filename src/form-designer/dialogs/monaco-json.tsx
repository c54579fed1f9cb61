/**
 * Monaco, bundled locally (STACK.md trap 6: no CDN): the editor core and the JSON language only,
 * with their workers from Vite `?worker` imports. Loaded only when the JSON view opens.
 */
import Editor, { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = { getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()) };
loader.config({ monaco });

/** A read-only JSON editor. */
export default function MonacoJson({ value, dark }: { value: string; dark?: boolean }) {
  return <Editor height="60vh" language="json" value={value} theme={dark ? 'vs-dark' : 'vs'} options={{ readOnly: true, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 13 }} />;
}
