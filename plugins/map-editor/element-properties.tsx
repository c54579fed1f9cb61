/** Properties card of the editor's side panel: the selected element's name, kind and its kind's own settings. */
import { App, Button, Card, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '@runtime';
import { MapElementKind, RouteKind, TRANSPORT_KINDS, type TransportKind } from '@common/map';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { PoiPanel, type MediaChoice } from './poi-panel';
import type { RobotInfo } from './robots-panel';
import { othersEnabled, setChargePileEnabled, updateElement, updatePoi, type Command } from './model/commands';
import { kindLabelKey, specialAreaKey, utilOf } from './model/element-utils';
import type { EditorState, MapElement, RuleError } from './model/types';
import type { InitPosition } from './use-init-position';

interface Props {
  /** The edited state (its first selected element is shown). */
  state: EditorState;
  exec: (commands: Command[]) => void;
  robots: RobotInfo[];
  media: MediaChoice[] | null | 'failed';
  init: InitPosition;
  onProblem: (err: RuleError) => void;
}

/** The selected element's properties. */
export function ElementProperties({ state, exec, robots, media, init, onProblem }: Props) {
  const { t } = useTranslation('map-editor');
  const catalogue = useCatalogue();
  const { modal } = App.useApp();
  const { initRobot, setInitRobot, sendingInit, sendInitPosition } = init;
  const chosen = state.doc.elements.find((e) => e.id === state.selected[0]);
  const label = (e: MapElement) => t(kindLabelKey(e));

  const setEnabled = (e: MapElement, enabled: boolean) => {
    const others = enabled ? othersEnabled(state, e.id) : [];
    if (others.length === 0) return exec([setChargePileEnabled(e.id, enabled)]);
    // Spec §4: enabling one charging pile disables the other enabled ones after confirmation.
    modal.confirm({
      title: catalogue('mapChargePileDisablesOthers', { names: others.map((o) => o.name).join(', ') }),
      okText: t('enable'),
      cancelText: t('cancel'),
      onOk: () => exec([setChargePileEnabled(e.id, true)]),
    });
  };

  return (
    <Card size="small" title={t('properties')} data-testid={IDS.props}>
      {chosen ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Tag color={utilOf(chosen.kind).colour(chosen)}>{label(chosen)}</Tag>
          <Input
            key={chosen.id}
            addonBefore={t('name')}
            defaultValue={chosen.name}
            maxLength={32}
            data-testid={IDS.name}
            onBlur={(e) => e.target.value !== chosen.name && exec([updateElement(chosen.id, { name: e.target.value })])}
            onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
          />
          {chosen.kind === MapElementKind.specialArea ? (
            <Select
              style={{ width: '100%' }}
              value={chosen.subKind ?? 1}
              onChange={(v: number) => exec([updateElement(chosen.id, { subKind: v })])}
              options={[1, 2, 3, 4, 5].map((k) => ({ value: k, label: t(`area.${specialAreaKey(k)}`) }))}
            />
          ) : null}
          {chosen.kind === MapElementKind.path ? (
            <Select
              style={{ width: '100%' }}
              value={chosen.subKind ?? RouteKind.realRoute}
              onChange={(v: number) => exec([updateElement(chosen.id, { subKind: v })])}
              options={Object.values(RouteKind).map((k) => ({ value: k, label: t(`routeKind.${k}`) }))}
            />
          ) : null}
          {chosen.kind === MapElementKind.transport ? (
            <Select<TransportKind>
              style={{ width: '100%' }}
              prefix={`${t('transportKind.label')}:`}
              value={(chosen.props.transportKind as TransportKind | undefined) ?? TRANSPORT_KINDS[0]}
              onChange={(transportKind) => exec([updateElement(chosen.id, { props: { transportKind } })])}
              options={TRANSPORT_KINDS.map((k) => ({ value: k, label: t(`transportKind.${k}`) }))}
              data-testid={IDS.transportKind}
            />
          ) : null}
          {chosen.kind === MapElementKind.initPosition ? (
            <>
              <InputNumber
                key={`${chosen.id}-theta`}
                style={{ width: '100%' }}
                addonBefore={t('theta')}
                min={-180}
                max={180}
                precision={1}
                defaultValue={Number(chosen.props.theta ?? 0)}
                onBlur={(ev) => {
                  const theta = Math.max(-180, Math.min(180, Number(ev.target.value) || 0));
                  if (theta !== Number(chosen.props.theta ?? 0)) exec([updateElement(chosen.id, { props: { theta } })]);
                }}
                onPressEnter={(ev) => (ev.target as HTMLInputElement).blur()}
                data-testid={IDS.theta}
              />
              <Select
                style={{ width: '100%' }}
                placeholder={t('initRobot')}
                value={initRobot}
                onChange={setInitRobot}
                options={robots.map((r) => ({ value: r.robotId, label: r.robotName }))}
                notFoundContent={t('noRobots')}
                data-testid={IDS.initRobot}
              />
              <Button block icon={<AimOutlined />} disabled={!initRobot} loading={sendingInit} onClick={() => void sendInitPosition(chosen)} data-testid={IDS.initSend}>
                {t('initSend')}
              </Button>
            </>
          ) : null}
          {chosen.kind === MapElementKind.interestPoint ? (
            <PoiPanel
              key={chosen.id}
              element={chosen}
              robots={robots}
              media={media}
              points={state.doc.elements.filter((e) => e.kind === MapElementKind.interestPoint).map((e) => ({ id: e.id, name: e.name }))}
              onApply={(poi) => exec([updatePoi(chosen.id, poi)])}
              onProblem={onProblem}
            />
          ) : null}
          {chosen.kind === MapElementKind.chargePosition ? (
            <Space>
              <Switch checked={chosen.props.enabled === true} onChange={(v) => setEnabled(chosen, v)} data-testid={IDS.enabled} />
              {t('enabled')}
            </Space>
          ) : null}
          <Typography.Text type="secondary">{t('points', { count: chosen.points.length })}</Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('pick')}</Typography.Text>
      )}
    </Card>
  );
}
