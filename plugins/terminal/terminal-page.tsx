/**
 * Remote terminal (spec §2 terminal, issue 19): the selected robot's restricted shell in xterm.js.
 * Each line typed goes to the server (terminalSharing exec), which relays it to the robot over MQTT
 * and answers with the robot's output; every command is in the operation log. The session is
 * closed when the page closes and after 10 idle minutes (the robot also drops idle sessions).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Result, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { TERMINAL_IDLE_MS, TERMINAL_MAX_LINE } from '@common/debug-params';
import { callEvent, catalogueMessage, RobotType, useRobotSelection, useSkin } from '@runtime';
import { LineEditor } from './line-editor';
import { TERMINAL_TEST_IDS as IDS } from './test-ids';

type State = 'connecting' | 'open' | 'busy' | 'closed' | 'failed';
const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

function TerminalView({ robotId }: { robotId: string }) {
  const { t } = useTranslation('terminal');
  const dark = useSkin() === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const session = useRef<string | null>(null);
  const prompt = useRef('$ ');
  const [state, setState] = useState<State>('connecting');
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef<State>('connecting');
  const set = (s: State) => {
    stateRef.current = s;
    setState(s);
  };
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const close = useCallback(
    (note?: string) => {
      clearTimeout(idle.current);
      const id = session.current;
      session.current = null;
      if (id) void callEvent('terminalSharing', { robotId, op: 'close', sessionId: id }).catch(() => undefined);
      if (note) term.current?.write(`\r\n\x1b[33m${note}\x1b[0m\r\n`);
      set('closed');
    },
    [robotId],
  );
  const touch = useCallback(() => {
    clearTimeout(idle.current);
    idle.current = setTimeout(() => close(t('idleClosed')), TERMINAL_IDLE_MS);
  }, [close, t]);

  const open = useCallback(async () => {
    setError(null);
    set('connecting');
    try {
      const answer = await callEvent('terminalSharing', { robotId, op: 'open' });
      session.current = answer.sessionId;
      prompt.current = answer.prompt || '$ ';
      term.current?.write(`${crlf(answer.output)}\r\n${prompt.current}`);
      set('open');
      touch();
      term.current?.focus();
    } catch (err) {
      setError(errorText(err));
      set('failed');
    }
  }, [robotId, touch]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const xterm = new Terminal({ cursorBlink: true, fontSize: 14, lineHeight: 1.2, convertEol: false, scrollback: 2000, theme: dark ? undefined : { background: '#1e1e1e' } });
    const fit = new FitAddon();
    xterm.loadAddon(fit);
    xterm.open(el);
    fit.fit();
    term.current = xterm;
    const editor = new LineEditor(TERMINAL_MAX_LINE);
    const sub = xterm.onData((data) => {
      if (stateRef.current !== 'open') return;
      touch();
      for (const ev of editor.input(data)) {
        if (ev.kind === 'echo') xterm.write(ev.text);
        else if (ev.kind === 'cancel') xterm.write(`^C\r\n${prompt.current}`);
        else {
          xterm.write('\r\n');
          if (!ev.line.trim()) {
            xterm.write(prompt.current);
            continue;
          }
          const id = session.current;
          if (!id) return;
          set('busy');
          callEvent('terminalSharing', { robotId, op: 'exec', sessionId: id, line: ev.line })
            .then((answer) => {
              if (answer.output) xterm.write(`${crlf(answer.output)}\r\n`);
              if (answer.closed) {
                session.current = null;
                close();
                return;
              }
              xterm.write(prompt.current);
              set('open');
            })
            .catch((err: unknown) => {
              const text = errorText(err);
              xterm.write(`\x1b[31m${text}\x1b[0m\r\n`);
              // The robot no longer knows the session (idle time-out): offer a new one; other failures keep it.
              if (text === catalogueMessage('terminalSessionEnded')) {
                session.current = null;
                set('closed');
              } else if (session.current) {
                xterm.write(prompt.current);
                set('open');
              }
            });
        }
      }
    });
    const onResize = () => fit.fit();
    window.addEventListener('resize', onResize);
    void open();
    return () => {
      window.removeEventListener('resize', onResize);
      sub.dispose();
      close();
      xterm.dispose();
      term.current = null;
    };
    // The terminal is made once per robot (the parent keys this view by robot).
  }, []);

  const stateTag = { connecting: 'processing', open: 'success', busy: 'processing', closed: 'default', failed: 'error' }[state];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8}>
      <Space>
        <Tag color={stateTag} data-testid={IDS.state} data-state={state}>
          {t(`state.${state}`)}
        </Tag>
        {state === 'closed' || state === 'failed' ? (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            data-testid={IDS.reconnect}
            onClick={() => {
              term.current?.clear();
              void open();
            }}
          >
            {t('reconnect')}
          </Button>
        ) : null}
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
      </Space>
      {error ? <Alert type="error" showIcon message={error} data-testid={IDS.error} /> : null}
      <div
        ref={host}
        data-testid={IDS.screen}
        aria-label={t('screen')}
        style={{ height: 'calc(100vh - 300px)', minHeight: 300, background: '#1e1e1e', padding: 8, borderRadius: 6 }}
      />
    </Space>
  );
}

/** The page (default export: the plugin route). */
export default function TerminalPage() {
  const { t } = useTranslation('terminal');
  const { selection } = useRobotSelection();
  const robotId = selection.robotId;
  if (!robotId) return <Result status="info" title={t('noRobot')} />;
  return (
    <Card data-testid={IDS.page} size="small" title={<span data-testid={IDS.robot}>{t('title', { robot: robotId })}</span>}>
      {selection.robotType === RobotType.staticRobot ? (
        <Result status="warning" title={t('staticRobot')} data-testid={IDS.staticRobot} />
      ) : (
        <TerminalView key={robotId} robotId={robotId} />
      )}
    </Card>
  );
}
