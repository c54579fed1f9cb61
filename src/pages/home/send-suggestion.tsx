/**
 * The header's "Send suggestion" button (issue 19 suggestion), for every logged-in user. Its dialog
 * (antd Form, Upload, Progress) is a lazy chunk loaded when the pointer or focus reaches the
 * button, not with the shell (issue 23).
 */
import { Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyPage, type Lang } from '@runtime';
import { SUGGESTION_TEXT } from './send-suggestion-texts';

const SendSuggestionDialog = lazyPage(() => import('./send-suggestion-dialog'));

/** Header button and dialog. */
export function SendSuggestion() {
  const { i18n } = useTranslation();
  const lang = (['en', 'zh', 'ja'].includes(i18n.language) ? i18n.language : 'en') as Lang;
  const tx = SUGGESTION_TEXT[lang as keyof typeof SUGGESTION_TEXT] ?? SUGGESTION_TEXT.en;
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog keeps its closing animation.
  const [used, setUsed] = useState(false);
  const preload = () => void SendSuggestionDialog.preload();
  return (
    <>
      <Tooltip title={tx.open}>
        <Button
          type="text"
          icon={<BulbOutlined />}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
          onMouseEnter={preload}
          onFocus={preload}
          data-testid="send-suggestion"
          aria-label={tx.open}
        />
      </Tooltip>
      {used ? (
        <Suspense fallback={null}>
          <SendSuggestionDialog open={open} lang={lang} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
