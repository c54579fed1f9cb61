/** Saving the drawing (checked first), and the guard that asks before leaving unsaved changes. */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { App } from 'antd';
import type { TFunction } from 'i18next';
import { callEvent, confirmLeave, navigateTo, setLeaveGuard } from '@runtime';
import type { MapRecord } from '@common/events/maps';
import { startHistory, type History } from './model/history';
import { isDirty, submitProblem, toSavePayload } from './model/submit';
import { newEditorState, type EditorDoc, type RuleError } from './model/types';

type AppApi = ReturnType<typeof App.useApp>;

interface Options {
  mapId: number;
  map: MapRecord | null;
  saved: EditorDoc;
  setSaved: Dispatch<SetStateAction<EditorDoc>>;
  /** The edited drawing. */
  doc: EditorDoc;
  setHistory: Dispatch<SetStateAction<History>>;
  show: (err: RuleError) => void;
  setNotice: Dispatch<SetStateAction<string | null>>;
  message: AppApi['message'];
  modal: AppApi['modal'];
  t: TFunction<'map-editor'>;
}

/** `save` submits the drawing; `unsaved` tells there are changes to lose; `leave` goes back to map management (asking first). */
export function useSaveFlow({ mapId, map, saved, setSaved, doc, setHistory, show, setNotice, message, modal, t }: Options) {
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const problem = submitProblem(saved, doc);
    if (problem) return show(problem);
    setSaving(true);
    try {
      const answer = await callEvent('saveMapElements', toSavePayload(mapId, doc));
      setSaved({ elements: answer.elements });
      setHistory((h) => startHistory({ ...newEditorState({ elements: answer.elements }), view: h.present.view }));
      setNotice(null);
      void message.success(t('saved'));
    } catch (err) {
      setNotice((err as Error).message);
      void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  // Unsaved changes: leaving through the console's menu or the back button asks first; closing or reloading the tab too (beforeunload).
  const unsaved = !!map && isDirty(saved, doc);
  const askLeave = useCallback(
    () => new Promise<boolean>((resolve) => void modal.confirm({ title: t('leaveConfirm'), okText: t('leave'), cancelText: t('cancel'), onOk: () => resolve(true), onCancel: () => resolve(false) })),
    [modal, t],
  );
  useEffect(() => {
    if (!unsaved) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    const unregister = setLeaveGuard(askLeave);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      unregister();
    };
  }, [unsaved, askLeave]);
  const leave = () => void confirmLeave().then((ok) => ok && navigateTo('/home/mapManage'));

  return { saving, save, unsaved, leave };
}
