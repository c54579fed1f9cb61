/**
 * Live alarm pop-ups: listen to the realtime topic `alarms` while the shell is mounted and show
 * each new alarm (push `alarm` with popup set) in a stack at the bottom right, under the page's
 * toolbars and never over the header: robot, code text in the user's language (spec §8), level
 * and kind, with "Process" (a dialog: the result, then a confirmation of what will be saved, then
 * the server's answer) and a link to the unhandled events. At most two pop-ups are open, the rest
 * is counted; many collapse the stack to a counter (and it can be collapsed by hand). The stack
 * hides no control of the page and no data the page marks keep-clear (popup-spot.ts): it stands
 * bottom right, else bottom left of the content, else narrower, else as the newest pop-up alone with
 * the others counted (a new alarm stays in sight), else it collapses to its counter (in a clear
 * corner too) until the user opens it. Level 1-2
 * leave after 15 s whether or not the pointer is over them (a pop-up never pauses for good);
 * level 3 stays until closed; a processed, released or outdated alarm leaves at once. Each pop-up's
 * edge and bell are in its level's colour (the runtime's useLevelColour: the alarm-level enumeration's
 * colour in a shade readable in the light and the dark skin), beside the level tag's words.
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined, CloseOutlined, DownOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_TOPIC, AlarmProcessStatus, alarmCodeText, lazyPage, navigateTo, realtimeLink, LevelTag, useFormat, useLevelColour, useSchemas, type AlarmPush, type Lang } from '@runtime';
import { ALARM_TEST_IDS as IDS } from './test-ids';
import { clearSpot, firstClear, leastCovered, visibleControls, type Box, type Candidate, type Spot } from './popup-spot';

/**
 * The process dialog (antd Form, Radio, Descriptions, Result): its own chunk, fetched when the first
 * pop-up shows, so the shell's pop-up listener stays small on every page (issue 23).
 */
const ProcessDialog = lazyPage(() => import('./process-dialog'));

/** Seconds a level 1-2 pop-up stays (level 3 stays until closed). */
const POPUP_SECONDS = 15;

/** Pop-ups open at once; the others are counted below them. */
const MAX_OPEN = 2;
/** From this many waiting alarms on, the stack collapses to its counter by itself. */
const COLLAPSE_AT = 5;
/** The stack's width and its distance from the window's edges (bottom right, below every toolbar). */
const STACK_WIDTH = 340;
/** The narrower stack tried where the wide one would cover something (the pop-up still reads well). */
const NARROW_WIDTH = 300;
const EDGE = 16;
/** An open pop-up's height before it was measured, the gap between pop-ups and the line below them. */
const ESTIMATED_CARD = 160;
const GAP = 8;
const LINE = 24;
/** What a narrower pop-up may grow by (its texts wrap sooner). */
const NARROW_SLACK = 24;

/** How the open stack stands: where, how wide, and how many pop-ups it shows (the newest first). */
interface Layout {
  spot: Spot;
  width: number;
  cards: number;
}
/** How often the stack looks again for a clear place (pages draw their controls after they open). */
const PLACE_EVERY_MS = 1000;
/** A snapshot alarm younger than this still pops up (it was raised while the page was loading or the link was down). */
const RECENT_MS = 60_000;
/** Alarms already shown in this tab (kept over reloads): a snapshot after a reconnect or a reload does not show them again. */
const SHOWN_KEY = 'fc.alarmPopupsShown';
const shown = {
  ids(): number[] {
    try {
      return JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as number[];
    } catch {
      return [];
    }
  },
  has(id: number): boolean {
    return this.ids().includes(id);
  },
  add(id: number): void {
    try {
      sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...this.ids(), id].slice(-200)));
    } catch {
      // storage full or blocked: the pop-up may show again after a reload, no harm done
    }
  },
};

let audio: AudioContext | null = null;
/**
 * A short two-tone beep, one more for each level. Browsers allow sound only once the user has
 * interacted with the page (autoplay policy): before that it stays silent and says so (false), and
 * a context made too early would stay suspended for good, so none is made before. Later beeps
 * resume it.
 */
function beep(level: number): boolean {
  if (typeof AudioContext === 'undefined') return false;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return false;
  try {
    const ctx = (audio ??= new AudioContext());
    const play = () => {
      const start = ctx.currentTime;
      for (let i = 0; i < Math.min(3, Math.max(1, level)); i++) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = i % 2 ? 660 : 880;
        gain.gain.setValueAtTime(0.08, start + i * 0.25);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.25 + 0.2);
        osc.connect(gain).connect(ctx.destination);
        osc.start(start + i * 0.25);
        osc.stop(start + i * 0.25 + 0.2);
      }
    };
    if (ctx.state === 'running') play();
    else void ctx.resume().then(play, () => undefined);
    return true;
  } catch {
    // No audio device: the pop-up alone must do.
    return false;
  }
}

/** One waiting pop-up: the alarm and when it leaves (null: level 3, until closed). */
interface Waiting {
  alarm: AlarmPush;
  until: number | null;
  silenced: boolean;
}

/** The overlay (default export: mounted by the shell). */
export default function AlarmPopup() {
  const { t, i18n } = useTranslation('alarms');
  const lang = i18n.language as Lang;
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [collapsed, setCollapsed] = useState(false);
  const [processing, setProcessing] = useState<AlarmPush>();
  const autoCollapsed = useRef(false);
  const stackRef = useRef<HTMLElement>(null);
  /** The tallest open pop-up seen, at the width it was seen. */
  const cardSize = useRef({ height: 0, width: STACK_WIDTH });
  const counterSize = useRef({ width: 160, height: 32 });
  const [layout, setLayout] = useState<Layout>({ spot: 'right', width: STACK_WIDTH, cards: MAX_OPEN });
  const spot = layout.spot;
  const [counterSpot, setCounterSpot] = useState<Spot>('right');
  /** No place is clear of the page's controls: the stack shows its counter unless the user opened it. */
  const [noRoom, setNoRoom] = useState(false);
  const [openedAnyway, setOpenedAnyway] = useState(false);

  const remove = useCallback((id: number) => setWaiting((list) => list.filter((w) => w.alarm.id !== id)), []);

  useEffect(() => {
    const show = (a: AlarmPush) => {
      if (!a.popup || shown.has(a.id)) return;
      shown.add(a.id);
      const silenced = a.sound ? !beep(a.level) : false;
      const until = a.level >= 3 ? null : Date.now() + POPUP_SECONDS * 1000;
      setWaiting((list) => [{ alarm: a, until, silenced }, ...list.filter((w) => w.alarm.id !== a.id)]);
    };
    return realtimeLink.subscribe(ALARM_TOPIC, ({ event, data }) => {
      if (event === 'alarmChange') {
        const a = data as AlarmPush;
        if (a.processStatus !== AlarmProcessStatus.unprocessed || a.status !== 0) remove(a.id);
      } else if (event === 'alarm') show(data as AlarmPush);
      // The first message (also after a reconnect): alarms raised moments ago still pop up.
      else if (event === 'snapshot' && Array.isArray(data)) (data as AlarmPush[]).filter((a) => Date.now() - Date.parse(a.createdAt) < RECENT_MS).forEach(show);
    });
  }, [remove]);

  // Level 1-2 leave on time, the pointer over them or not.
  useEffect(() => {
    if (!waiting.some((w) => w.until !== null)) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setWaiting((list) => (list.some((w) => w.until !== null && w.until <= now && w.alarm.id !== processing?.id) ? list.filter((w) => w.until === null || w.until > now || w.alarm.id === processing?.id) : list));
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting, processing]);

  // Many alarms: the stack collapses to its counter once (the user may open it again).
  useEffect(() => {
    if (waiting.length >= COLLAPSE_AT && !autoCollapsed.current) {
      autoCollapsed.current = true;
      setCollapsed(true);
    } else if (waiting.length === 0) {
      autoCollapsed.current = false;
      setCollapsed(false);
      setOpenedAnyway(false);
    }
  }, [waiting.length]);

  const showCounter = collapsed || (noRoom && !openedAnyway);
  // Opened by hand where nothing is clear, the stack shows all it may; else as many as the layout has room for.
  const open = waiting.slice(0, noRoom ? MAX_OPEN : Math.min(MAX_OPEN, layout.cards));
  const more = waiting.length - open.length;
  const wanted = Math.min(MAX_OPEN, waiting.length);

  // A place that hides no control nor kept-clear data: the whole stack bottom right, else bottom left
  // of the content, else narrower, else the newest pop-up alone; else the counter.
  useEffect(() => {
    if (!waiting.length) return;
    const place = () => {
      const el = stackRef.current;
      const shownBox = el?.getBoundingClientRect();
      if (shownBox && !showCounter) {
        for (const card of Array.from(el!.querySelectorAll('[role="alert"]'))) {
          const h = card.getBoundingClientRect().height;
          if (h > cardSize.current.height || shownBox.width !== cardSize.current.width) cardSize.current = { height: h, width: shownBox.width };
        }
      }
      if (shownBox && showCounter) counterSize.current = { width: shownBox.width, height: shownBox.height };
      const contentLeft = document.querySelector('main')?.getBoundingClientRect().left ?? 0;
      const bottom = window.innerHeight - EDGE;
      const boxAt = (spot: Spot, width: number, height: number): Box =>
        spot === 'right'
          ? { left: window.innerWidth - EDGE - width, right: window.innerWidth - EDGE, top: bottom - height, bottom }
          : { left: contentLeft + EDGE, right: contentLeft + EDGE + width, top: bottom - height, bottom };
      const at = (width: number, height: number): Candidate[] => (['right', 'left'] as const).map((spot) => ({ spot, box: boxAt(spot, width, height) }));
      const cardHeight = (width: number) => {
        const seen = cardSize.current;
        if (!seen.height) return ESTIMATED_CARD;
        return seen.height + (width < seen.width ? NARROW_SLACK : 0);
      };
      const stackHeight = (cards: number, width: number) => cards * (cardHeight(width) + GAP) + LINE;
      const layouts: (Layout & { box: Box })[] = [];
      for (const cards of wanted > 1 ? [wanted, 1] : [wanted])
        for (const width of [STACK_WIDTH, NARROW_WIDTH]) for (const spot of ['right', 'left'] as const) layouts.push({ spot, width, cards, box: boxAt(spot, width, stackHeight(cards, width)) });
      const controls = visibleControls(document, el);
      const clear = firstClear(layouts, controls);
      const fallback = at(STACK_WIDTH, stackHeight(wanted, STACK_WIDTH));
      const next: Layout = clear ? { spot: clear.spot, width: clear.width, cards: clear.cards } : { spot: leastCovered(fallback, controls), width: STACK_WIDTH, cards: MAX_OPEN };
      setLayout((was) => (was.spot === next.spot && was.width === next.width && was.cards === next.cards ? was : next));
      setNoRoom(clear === null);
      // The counter, too, takes a corner clear of controls when there is one.
      const counterAt = at(counterSize.current.width, counterSize.current.height);
      setCounterSpot(clearSpot(counterAt, controls) ?? leastCovered(counterAt, controls));
    };
    place();
    const timer = setInterval(place, PLACE_EVERY_MS);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [waiting.length, wanted, showCounter]);

  const side = (showCounter ? counterSpot : spot) === 'right' ? { right: EDGE } : { left: (document.querySelector('main')?.getBoundingClientRect().left ?? 0) + EDGE };
  return (
    <>
      {waiting.length ? (
        <section
          aria-label={t('region')}
          data-testid={IDS.stack}
          data-count={waiting.length}
          data-collapsed={showCounter ? '1' : '0'}
          data-spot={showCounter ? 'counter' : spot}
          data-open={showCounter ? 0 : open.length}
          ref={stackRef}
          style={{ position: 'fixed', ...side, bottom: EDGE, width: showCounter ? 'auto' : layout.width, maxHeight: `calc(100vh - 96px)`, overflowY: 'auto', zIndex: 999, display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-end' }}
        >
          {showCounter ? (
            <Button
              type="primary"
              danger
              icon={<BellOutlined />}
              onClick={() => {
                setCollapsed(false);
                setOpenedAnyway(true);
              }}
              aria-label={t('expand')} data-testid={IDS.counter} style={{ boxShadow: '0 4px 12px rgba(0,0,0,0.25)' }}>
              {t('counter', { count: waiting.length })}
            </Button>
          ) : (
            <>
              {open.map((w) => (
                <PopupCard key={w.alarm.id} waiting={w} lang={lang} onProcess={() => setProcessing(w.alarm)} onDismiss={() => remove(w.alarm.id)} />
              ))}
              <Flex gap={8} justify="flex-end" style={{ width: '100%' }}>
                {more > 0 ? (
                  <Button size="small" onClick={() => navigateTo('/home/unhandledEvent')} data-testid={IDS.more} style={{ boxShadow: '0 2px 8px rgba(0,0,0,0.2)' }}>
                    {t('more', { count: more })}
                  </Button>
                ) : null}
                <Tooltip title={t('collapse')}>
                  <Button
                    size="small"
                    icon={<DownOutlined />}
                    onClick={() => {
                      setCollapsed(true);
                      setOpenedAnyway(false);
                    }}
                    aria-label={t('collapse')} data-testid={IDS.collapse} style={{ boxShadow: '0 2px 8px rgba(0,0,0,0.2)' }} />
                </Tooltip>
              </Flex>
            </>
          )}
        </section>
      ) : null}
      {processing ? (
        <Suspense fallback={null}>
          <ProcessDialog
            alarm={processing}
            onClose={() => setProcessing(undefined)}
            onDone={() => remove(processing.id)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The alarm kinds' labels: the schema set's enumeration (alarm, fault, environment, behaviour), as the alarm lists show them. */
const ALARM_KIND_ENUM = 'alarm-kind';

/** One pop-up. */
function PopupCard({ waiting, lang, onProcess, onDismiss }: { waiting: Waiting; lang: Lang; onProcess: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('alarms');
  const fmt = useFormat();
  const schemas = useSchemas();
  const a = waiting.alarm;
  const robot = a.robotName ?? a.robotId;
  const edge = useLevelColour(a.level);
  // A pop-up on screen may be processed: fetch the dialog's code now, not on the click.
  useEffect(() => void ProcessDialog.preload(), []);
  return (
    <Card
      size="small"
      role="alert"
      data-testid={`${IDS.popup}-${a.id}`}
      data-level={a.level}
      data-edge={edge}
      style={{ width: '100%', borderInlineStart: `4px solid ${edge}`, boxShadow: '0 6px 16px rgba(0,0,0,0.18)' }}
      styles={{ body: { padding: '8px 12px' } }}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Text strong>
          <BellOutlined aria-hidden data-testid={IDS.marker} style={{ color: edge, marginInlineEnd: 6 }} />
          {t('title', { robot })}
        </Typography.Text>
        <Button size="small" type="text" icon={<CloseOutlined />} onClick={onDismiss} aria-label={t('dismiss')} data-testid={IDS.dismiss} />
      </Flex>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text>{alarmCodeText(a.code, lang)}</Typography.Text>
        <Space size={4} wrap>
          <LevelTag level={a.level} fallback={t('level', { level: a.level })} />
          <Tag>{schemas.enumLabel(ALARM_KIND_ENUM, a.kind, lang)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('code', { code: a.code })} · {fmt.dateTime(a.createdAt)}
          </Typography.Text>
        </Space>
        {waiting.silenced ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={IDS.soundBlocked}>
            <SoundOutlined /> {t('soundBlocked')}
          </Typography.Text>
        ) : null}
        <Flex justify="flex-end" gap={8}>
          <Button size="small" onClick={() => navigateTo('/home/unhandledEvent')} data-testid={IDS.details}>
            {t('details')}
          </Button>
          <Button size="small" type="primary" onClick={onProcess} data-testid={IDS.process}>
            {t('process')}
          </Button>
        </Flex>
      </Space>
    </Card>
  );
}
